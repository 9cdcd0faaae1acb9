import { internalAdviserPath } from '@risk-profile/contracts';
import type { SqlClient } from '@risk-profile/platform';
import { describeTargets, sqlTargets } from '@risk-profile/platform/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startAdviserServer } from '../testing/adviser-test-server';

describeTargets(
  sqlTargets(),
  (target) => `demo data on ${target.name}`,
  (target) => {
    let sql: SqlClient;

    beforeAll(async () => {
      sql = await target.open();
    });
    afterAll(async () => {
      await sql?.close();
    });

    it('is absent unless DEMO_DATA is on', async () => {
      const server = await startAdviserServer(sql);
      const response = await fetch(`${server.url}/api/advisers/demo-adviser`);
      await server.stop();
      expect(response.status).toBe(404);
    });

    it('seeds the demo adviser once, however often the service starts', async () => {
      const first = await startAdviserServer(sql, { env: { DEMO_DATA: 'true' } });
      await first.stop();
      const second = await startAdviserServer(sql, { env: { DEMO_DATA: 'true' } });
      // The internal lookup, which carries the email the demo adviser's reports go to.
      const response = await fetch(`${second.url}${internalAdviserPath('demo-adviser')}`);
      await second.stop();

      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({
        slug: 'demo-adviser',
        companyName: 'Harbour Wealth Partners',
        adviserName: 'Alex Morgan',
        email: 'adviser@example.com',
        licenceNumber: 'AFSL 000000 (demo)',
        disclaimer: expect.stringMatching(/^General advice only: /),
      });
      const { rows } = await sql.query<{ slug: string; email: string }>('SELECT slug, email FROM advisers');
      expect(rows).toEqual([{ slug: 'demo-adviser', email: 'adviser@example.com' }]);
    });
  },
);
