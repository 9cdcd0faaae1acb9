import { CLICKHOUSE_HTTP_PATH } from '@risk-profile/contracts';

/** Where ClickHouse's tools connect: the product's own address (PUBLIC_URL), then /clickhouse. */
export const clickhouseUrl = (origin: string): string =>
  `${origin.replace(/\/+$/, '')}${CLICKHOUSE_HTTP_PATH}`;

/**
 * A ready-to-paste connection with the official JavaScript client: the product's address with
 * the client's `pathname` option, the analyst's email as user and the token as password.
 */
export function clickhouseClientExample(origin: string, email: string, secret: string): string {
  return [
    "import { createClient } from '@clickhouse/client';",
    '',
    'const client = createClient({',
    `  url: ${JSON.stringify(origin.replace(/\/+$/, ''))},`,
    `  pathname: ${JSON.stringify(CLICKHOUSE_HTTP_PATH)},`,
    `  username: ${JSON.stringify(email)},`,
    `  password: ${JSON.stringify(secret)},`,
    "  database: 'analytics',",
    '});',
    "const rows = await client.query({ query: 'SELECT count() AS sessions FROM analytics.sessions FINAL', format: 'JSONEachRow' });",
    'console.log(await rows.json());',
  ].join('\n');
}

/** The same with curl, in the shell's single quotes (which the token's alphabet never holds). */
export function curlExample(origin: string, email: string, secret: string): string {
  return [
    `curl --user '${email}:${secret}' \\`,
    `  '${clickhouseUrl(origin)}?default_format=CSVWithNames' \\`,
    "  --data-binary 'SELECT count() AS sessions FROM analytics.sessions FINAL'",
  ].join('\n');
}
