import type { SqlClient } from '@risk-profile/platform';
import { sqlTargets } from '@risk-profile/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAdviserServer } from '../testing/adviser-test-server';

describe.each(sqlTargets())('demo data on $name', (target) => {
  let sql: SqlClient;

  beforeAll(async () => {
    if (!target.skipReason) sql = await target.open();
  });
  afterAll(async () => {
    await sql?.close();
  });

  it.skipIf(target.skipReason)('is absent unless DEMO_DATA is on', async () => {
    const server = await startAdviserServer(sql);
    const response = await fetch(`${server.url}/api/advisers/demo-adviser`);
    await server.stop();
    expect(response.status).toBe(404);
  });

  it.skipIf(target.skipReason)('seeds the demo adviser once, however often the service starts', async () => {
    const first = await startAdviserServer(sql, { env: { DEMO_DATA: 'true' } });
    await first.stop();
    const second = await startAdviserServer(sql, { env: { DEMO_DATA: 'true' } });
    const response = await fetch(`${second.url}/api/advisers/demo-adviser`);
    await second.stop();

    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      slug: 'demo-adviser',
      companyName: 'Harbour Wealth Partners',
      adviserName: 'Alex Morgan',
    });
    const { rows } = await sql.query<{ slug: string; email: string }>('SELECT slug, email FROM advisers');
    expect(rows).toEqual([{ slug: 'demo-adviser', email: 'adviser@example.com' }]);
  });
});
