import {
  adviserSchema,
  errorBodySchema,
  internalAdviserPath,
  reportAdviserSchema,
} from '@risk-profile/contracts';
import type { SqlClient } from '@risk-profile/platform';
import { describeTargets, sqlTargets } from '@risk-profile/platform/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type AdviserTestServer, startAdviserServer } from '../testing/adviser-test-server';
import { upsertAdviser } from './adviser-repository';

describeTargets(
  sqlTargets(),
  (target) => `GET /api/advisers/:slug on ${target.name}`,
  (target) => {
    let sql: SqlClient;
    let server: AdviserTestServer;

    beforeAll(async () => {
      sql = await target.open();
      server = await startAdviserServer(sql);
      await upsertAdviser(
        sql,
        {
          slug: 'jane-smith',
          companyName: 'Smith Advice',
          adviserName: 'Jane Smith',
          email: 'jane@example.com',
        },
        new Date('2026-01-10T09:00:00.000Z'),
      );
      // A row no valid request can reach: proves reserved names are refused before the lookup.
      await sql.query(
        `INSERT INTO advisers (id, slug, company_name, adviser_name, email, created_at)
       VALUES ('6f1d2c3b-0000-4000-8000-000000000001', 'admin', 'Reserved Co', 'Nobody', 'x@example.com', now())`,
      );
    });

    afterAll(async () => {
      await server?.stop();
      await sql?.close();
    });

    it('answers 200 with the public details of a known adviser, and not their email address', async () => {
      const response = await fetch(`${server.url}/api/advisers/jane-smith`);
      expect(response.status).toBe(200);
      const body = await response.json();
      expect(adviserSchema.strict().parse(body)).toEqual({
        slug: 'jane-smith',
        companyName: 'Smith Advice',
        adviserName: 'Jane Smith',
      });
      expect(JSON.stringify(body)).not.toContain('jane@example.com');
    });

    it("tells the services inside the deployment where the adviser's reports go", async () => {
      const response = await fetch(`${server.url}${internalAdviserPath('jane-smith')}`);
      expect(response.status).toBe(200);
      expect(reportAdviserSchema.strict().parse(await response.json())).toEqual({
        slug: 'jane-smith',
        companyName: 'Smith Advice',
        adviserName: 'Jane Smith',
        email: 'jane@example.com',
        licenceNumber: null,
        disclaimer: null,
      });
      expect((await fetch(`${server.url}${internalAdviserPath('admin')}`)).status).toBe(404);
      expect((await fetch(`${server.url}${internalAdviserPath('no-such-adviser')}`)).status).toBe(404);
    });

    it("carries the firm's licence number and disclaimer that its reports print, and never publicly", async () => {
      await sql.query(
        `INSERT INTO advisers (id, slug, company_name, adviser_name, email, licence_number, disclaimer, created_at)
         VALUES ('6f1d2c3b-0000-4000-8000-000000000002', 'lee-firm', 'Lee Advice', 'Sam Lee', 'sam@example.com',
                 'AFSL 654321', 'General advice only.', now())`,
      );
      const internal = await fetch(`${server.url}${internalAdviserPath('lee-firm')}`);
      expect(reportAdviserSchema.strict().parse(await internal.json())).toMatchObject({
        slug: 'lee-firm',
        licenceNumber: 'AFSL 654321',
        disclaimer: 'General advice only.',
      });
      // A re-seed of the same slug neither clears them nor replaces them.
      await upsertAdviser(
        sql,
        {
          slug: 'lee-firm',
          companyName: 'Lee Advice',
          adviserName: 'Sam Lee',
          email: 'sam@example.com',
          licenceNumber: 'AFSL 1',
          disclaimer: null,
        },
        new Date(),
      );
      const again = await fetch(`${server.url}${internalAdviserPath('lee-firm')}`);
      expect(await again.json()).toMatchObject({
        licenceNumber: 'AFSL 654321',
        disclaimer: 'General advice only.',
      });
      const publicBody = await (await fetch(`${server.url}/api/advisers/lee-firm`)).json();
      expect(adviserSchema.strict().parse(publicBody)).toEqual({
        slug: 'lee-firm',
        companyName: 'Lee Advice',
        adviserName: 'Sam Lee',
      });
    });

    it.each([
      ['an unknown slug', 'no-such-adviser'],
      ['a reserved segment', 'admin'],
      ['upper case', 'Jane-Smith'],
      ['a double hyphen', 'jane--smith'],
      ['one character', 'j'],
      ['an encoded slash', 'jane%2Fsmith'],
      ['65 characters', 'a'.repeat(65)],
    ])('answers 404 for %s', async (_, slug) => {
      const response = await fetch(`${server.url}/api/advisers/${slug}`);
      expect(response.status).toBe(404);
      expect(errorBodySchema.parse(await response.json())).toMatchObject({ error: 'Adviser not found.' });
    });
  },
);
