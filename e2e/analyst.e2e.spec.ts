import { readFileSync } from 'node:fs';
import { CLICKHOUSE_HTTP_PATH, parseWorkedQueries } from '@risk-profile/contracts';
import { describeTarget, eventually } from '@risk-profile/platform/testing';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { useBrowserSuite } from './support/browser-suite';
import { agreeWithProfile, answersWith, reachResults, signAssessment } from './support/journey';
import { browserSkipReason, newPhonePage } from './support/system';

const browserTarget = { name: 'Chromium', skipReason: browserSkipReason() };
const ANALYST = { email: 'analyst@example.com', password: 'analyst-demo-2026' };
const ADMIN = { email: 'admin@example.com', password: 'admin-demo-2026' };
const [DROP_OFF] = parseWorkedQueries(
  readFileSync(new URL('../docs/analytics-schema.md', import.meta.url), 'utf8'),
);

async function downloaded(page: Page, action: () => Promise<void>): Promise<{ name: string; body: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), action()]);
  return { name: download.suggestedFilename(), body: readFileSync(await download.path(), 'utf8') };
}

/** A query through /clickhouse as a tool sends it: basic auth, no session. */
const queryAs = (url: string, user: string, password: string, sql: string) =>
  fetch(`${url}${CLICKHOUSE_HTTP_PATH}?default_format=CSVWithNames`, {
    method: 'POST',
    headers: { Authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}` },
    body: sql,
  });

describeTarget("the analyst's query page", browserTarget, () => {
  // /clickhouse remembers a successful credential check for a while (a bcrypt hash per query would
  // be too slow for a BI tool); off here, so a revoked token is refused at its next query.
  const suite = useBrowserSuite();
  const page = () => suite.page;
  const open = (path: string) => page().goto(`${suite.system.url}${path}`);

  it('an analyst signs in, runs a worked query, downloads the CSV, and creates and revokes an API token', async () => {
    // A client's questionnaire first, so the worked query has rows to show.
    const client = await newPhonePage(suite.browser);
    await client.goto(`${suite.system.url}/`);
    await reachResults(client, answersWith({}, 3));
    await agreeWithProfile(client);
    await signAssessment(client);
    await client.context().close();

    await open('/login');
    await page().getByLabel('Email').fill(ANALYST.email);
    await page().getByLabel('Password').fill(ANALYST.password);
    await page().getByRole('button', { name: 'Sign In', exact: true }).click();
    await page().waitForURL(`${suite.system.url}/analyst`);
    await page().getByRole('heading', { name: 'Query the analytics store' }).waitFor();
    await page()
      .getByRole('navigation', { name: 'Analyst' })
      .getByRole('link', { name: 'API tokens' })
      .waitFor();

    // The schema beside the editor carries the docs' words, read from ClickHouse's comments.
    const schema = page().getByRole('region', { name: 'Schema', exact: true });
    await schema.getByText('analytics.question_events').click();
    await schema.getByText('Content-derived id of the event (dedup key).').waitFor();

    // A worked query from the docs goes into the editor and runs.
    const editor = page().getByLabel('SQL query');
    await editor.fill('');
    await page().getByRole('button', { name: DROP_OFF!.title }).click();
    expect(await editor.inputValue()).toBe(DROP_OFF!.sql);
    const result = page().getByRole('region', { name: 'Result', exact: true });
    // The client's answers reach ClickHouse within moments; run again until they are there.
    await eventually(async () => {
      await page().getByRole('button', { name: 'Run', exact: true }).click();
      await result.getByRole('status').waitFor();
      expect(await result.getByRole('status').textContent()).toMatch(/^18 rows · .*round trip$/);
    });
    const rows = result.getByRole('table');
    for (const column of ['question_number', 'question_id', 'viewed', 'left_unanswered', 'drop_off_pct']) {
      await rows.getByRole('columnheader', { name: new RegExp(`^${column}`) }).waitFor();
    }
    await rows.getByRole('cell', { name: 'q18', exact: true }).waitFor();

    // The same query as CSV, with its header line.
    const csv = await downloaded(page(), () => page().getByRole('button', { name: 'Download CSV' }).click());
    expect(csv.name).toMatch(/^analytics-.*\.csv$/);
    const lines = csv.body.trimEnd().split('\n');
    expect(lines[0]).toBe('"question_number","question_id","viewed","left_unanswered","drop_off_pct"');
    expect(lines).toHaveLength(19);

    // A query ClickHouse cannot parse shows ClickHouse's own message; so does a refused one.
    await editor.fill('SELEC 1');
    await editor.press('Control+Enter');
    await page()
      .getByTestId('analyst-query-error')
      .getByText(/SYNTAX_ERROR/)
      .waitFor();
    await editor.fill('DROP TABLE analytics.sessions');
    await page().getByRole('button', { name: 'Run', exact: true }).click();
    await page()
      .getByTestId('analyst-query-error')
      .getByText(/Code: \d+/)
      .waitFor();

    // An API token: shown once, works for a tool, and stops working once revoked.
    await page().getByRole('link', { name: 'API tokens' }).click();
    await page().waitForURL(`${suite.system.url}/analyst/tokens`);
    await page().getByLabel('Token name').fill('e2e notebook');
    await page().getByRole('button', { name: 'Create token' }).click();
    const shown = page().getByTestId('analyst-token-secret');
    await shown.getByText('it will not be shown again', { exact: false }).waitFor();
    const secret = (await shown.locator('.analyst-secret__value').textContent()) ?? '';
    expect(secret).toMatch(/^rpa_/);
    await shown.getByText(`pathname: "${CLICKHOUSE_HTTP_PATH}"`, { exact: false }).waitFor();
    const viaToken = await queryAs(suite.system.url, ANALYST.email, secret, 'SELECT 1 AS one');
    expect(viaToken.status).toBe(200);
    expect(await viaToken.text()).toBe('"one"\n1\n');

    const row = page().getByRole('row').filter({ hasText: 'e2e notebook' });
    await row.getByRole('button', { name: /Revoke/ }).click();
    const confirm = page().getByTestId('analyst-revoke-dialog');
    await confirm.getByText('Tools that use it stop connecting at once.').waitFor();
    await confirm.getByRole('button', { name: 'Revoke token' }).click();
    await page().getByText('You have no API tokens.').waitFor();
    expect((await queryAs(suite.system.url, ANALYST.email, secret, 'SELECT 1')).status).toBe(401);
  });

  it("an administrator reads the analysts' queries in the admin area", async () => {
    // The first test's queries (the worked one, the failed and the refused) are in the log.
    await open('/admin/login');
    await page().getByLabel('Email').fill(ADMIN.email);
    await page().getByLabel('Password').fill(ADMIN.password);
    await page().getByRole('button', { name: 'Login to Dashboard' }).click();
    await page().waitForURL(/\/admin\/dashboard/);
    await page()
      .getByRole('navigation', { name: 'Admin' })
      .getByRole('link', { name: 'Analyst queries' })
      .click();
    await page().waitForURL(`${suite.system.url}/admin/analyst-queries`);
    await page().getByRole('heading', { name: 'Analyst queries' }).waitFor();
    const log = page().getByRole('table', { name: 'Analyst queries, newest first' });
    const refused = log.getByRole('row').filter({ hasText: 'DROP TABLE analytics.sessions' });
    await refused.getByText(ANALYST.email).waitFor();
    await refused.getByText('Refused', { exact: true }).waitFor();
    await refused.getByText(/Code \d+: /).waitFor();
    const answered = log
      .getByRole('row')
      .filter({ hasText: 'FROM analytics.session_questions FINAL' })
      .first();
    await answered.getByText('Answered', { exact: true }).waitFor();
  });
});
