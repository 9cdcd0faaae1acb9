import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { WorkedQueries } from './worked-queries';

describe("the query page's worked queries", () => {
  const html = renderToStaticMarkup(<WorkedQueries onChoose={() => {}} />);
  const buttons = [...html.matchAll(/<button[^>]*>([\s\S]*?)<\/button>/g)].map((m) => m[1]!);

  it("show the docs' inline code as code, never its Markdown backticks", () => {
    expect(buttons.length).toBeGreaterThanOrEqual(4);
    for (const label of buttons) expect(label).not.toContain('`');
    expect(html).toContain('<code>{since:…}</code> and <code>{adviser:…}</code> are query parameters');
  });
});
