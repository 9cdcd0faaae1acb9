import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { QueryError } from '../model/query-result';
import { QueryFailure } from './query-failure';

describe('a failed query on the page', () => {
  it("shows ClickHouse's text as it came, announced as an alert", () => {
    const text =
      "Code: 62. DB::Exception: Syntax error: failed at position 8 ('FRM'): FRM analytics.sessions. Expected one of: … (SYNTAX_ERROR)";
    const html = renderToStaticMarkup(<QueryFailure title="The query failed" error={new QueryError(text)} />);
    expect(html).toContain('role="alert"');
    expect(html).toContain('The query failed');
    // Escaped as text, in a <pre> so its lines and positions stay as ClickHouse wrote them.
    expect(html).toContain(
      `<pre class="analyst-error">Code: 62. DB::Exception: Syntax error: failed at position 8 (&#x27;FRM&#x27;)`,
    );
  });

  it("shows a refusal's reason without its status", () => {
    const html = renderToStaticMarkup(
      <QueryFailure title="The query failed" error={new ApiError(429, 'Two of your queries are running.')} />,
    );
    expect(html).toContain('<pre class="analyst-error">Two of your queries are running.</pre>');
  });

  it('says what to do when a result is over the row limit', () => {
    const text =
      'Code: 396. DB::Exception: Limit for result exceeded, max rows: 1.00 thousand. (TOO_MANY_ROWS_OR_BYTES)';
    const html = renderToStaticMarkup(
      <QueryFailure
        title="The query failed"
        error={new QueryError(text)}
        rowLimit={{ rows: 1000, cuts: false }}
      />,
    );
    expect(html).toContain('The result is larger than the limit of 1,000 rows per query.');
  });
});
