import { describe, expect, it } from 'vitest';
import { clickhouseClientExample, clickhouseUrl, curlExample } from './connection-examples';

describe('connection examples', () => {
  const secret = 'rpa_AbC-123_xyz';

  it('point the tools at /clickhouse on the product', () => {
    expect(clickhouseUrl('https://risk.example.com/')).toBe('https://risk.example.com/clickhouse');
    const client = clickhouseClientExample('https://risk.example.com', 'ana@example.com', secret);
    expect(client).toContain('url: "https://risk.example.com"');
    expect(client).toContain('pathname: "/clickhouse"');
    expect(client).toContain('username: "ana@example.com"');
    expect(client).toContain(`password: "${secret}"`);
    expect(curlExample('http://localhost:3000', 'ana@example.com', secret)).toBe(
      [
        `curl --user 'ana@example.com:${secret}' \\`,
        "  'http://localhost:3000/clickhouse?default_format=CSVWithNames' \\",
        "  --data-binary 'SELECT count() AS sessions FROM analytics.sessions FINAL'",
      ].join('\n'),
    );
  });
});
