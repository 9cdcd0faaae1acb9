import { randomUUID } from 'node:crypto';
import { PostgresEventStore, type SqlClient } from '@risk-profile/platform';
import { describeTargets, sqlTargets } from '@risk-profile/platform/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  type AssessmentTestServer,
  startAssessmentServer,
  testStaffCookie,
} from '../testing/assessment-test-server';
import { STORED_BALANCED_FIGURES, yesBody } from '../testing/fixtures';
import { tablesHolding } from '../testing/personal-data-scan';
import { ERASED } from './personal-fields';

const T0 = new Date('2026-01-10T09:00:00.000Z');

/** A draft and a signature as they were stored before encryption: every field in clear. */
function legacyEvents(assessmentId: string, who: { name: string; email: string }) {
  return [
    {
      type: 'AssessmentDrafted',
      data: {
        assessmentId,
        clientName: who.name,
        clientEmail: who.email,
        clientPhone: null,
        responses: yesBody().responses,
        ...STORED_BALANCED_FIGURES,
        investmentExclusions: `${who.name} excludes tobacco`,
        investmentPreferences: '',
        adviserSlug: 'demo-adviser',
        sessionId: null,
        deviceType: null,
        draftedAt: T0.toISOString(),
      },
    },
    {
      type: 'AssessmentSigned',
      data: {
        assessmentId,
        investmentExclusions: `${who.name} excludes tobacco`,
        investmentPreferences: '',
        signedAt: T0.toISOString(),
        ipAddress: '203.0.113.77',
        userAgent: 'LegacyBrowser/1.0',
        digest: 'a'.repeat(64),
      },
    },
  ];
}

describeTargets(
  sqlTargets(),
  (target) => `events stored before encryption on ${target.name}`,
  (target) => {
    let sql: SqlClient;
    let server: AssessmentTestServer;
    const legacy = randomUUID();
    const legacyDraftOnly = randomUUID();
    const who = { name: 'Legacy Lorimer', email: 'legacy.lorimer@example.com' };
    const other = { name: 'Legacy Otherperson', email: 'legacy.other@example.com' };

    beforeAll(async () => {
      sql = await target.open();
      const store = await PostgresEventStore.create(sql);
      await store.appendToStream(`assessment-${legacy}`, legacyEvents(legacy, who), {
        expectedVersion: 'no_stream',
      });
      await store.appendToStream(
        `assessment-${legacyDraftOnly}`,
        legacyEvents(legacyDraftOnly, other).slice(0, 1),
        {
          expectedVersion: 'no_stream',
        },
      );
      expect(await tablesHolding(sql, [who.name, who.email, '203.0.113.77'])).not.toEqual([]);
      // The service encrypts them in place as it starts, beside events it encrypts itself.
      server = await startAssessmentServer(sql, { clock: () => T0 });
      // The same client again, after encryption: one erasure request meets both kinds.
      const current = yesBody({ clientName: other.name, clientEmail: other.email });
      expect((await server.post('/api/assessments', current)).status).toBe(201);
    });
    afterAll(async () => {
      await server?.stop();
      await sql?.close();
    });

    it('encrypts them in place: same ids, versions and positions, nothing in clear, read as before', async () => {
      expect(
        await tablesHolding(sql, [who.name, who.email, '203.0.113.77', 'LegacyBrowser', other.email]),
      ).toEqual([]);
      const raw = await server.rawStore.readStream(`assessment-${legacy}`);
      expect(raw.map((e) => e.type)).toEqual(['AssessmentDraftedEncrypted', 'AssessmentSignedEncrypted']);
      const plain = await server.store.readStream(`assessment-${legacy}`);
      expect(plain.map((e) => [e.id, e.streamVersion, e.position])).toEqual(
        raw.map((e) => [e.id, e.streamVersion, e.position]),
      );
      expect(plain.map((e) => e.data)).toEqual(legacyEvents(legacy, who).map((e) => e.data));
      const { rows } = await sql.query(
        "SELECT count(*)::int AS n FROM es_events WHERE type IN ('AssessmentDrafted', 'AssessmentSigned')",
      );
      expect(rows).toEqual([{ n: 0 }]);
    });

    it('indexes them, so an erasure finds and erases them: afterwards neither kind is readable', async () => {
      const cookie = await testStaffCookie(sql, T0, {
        role: 'admin',
        email: 'dpo@firm.example',
        name: 'Data Officer',
      });
      const response = await server.post(
        '/api/admin/data-requests/erasures',
        { email: who.email },
        { cookie },
      );
      expect(response.status).toBe(200);
      // A signed record inside retention is restricted, not erased; seven years on it is erased.
      expect(
        ((await response.json()) as { items: { outcome: string }[] }).items.map((i) => i.outcome),
      ).toEqual(['restricted']);
      const draftOnly = await server.post(
        '/api/admin/data-requests/erasures',
        { email: other.email },
        { cookie },
      );
      expect(
        ((await draftOnly.json()) as { items: { outcome: string }[] }).items.map((i) => i.outcome),
      ).toEqual(['erased', 'erased']);
      const [drafted] = await server.store.readStream(`assessment-${legacyDraftOnly}`);
      expect(drafted!.data).toMatchObject({
        clientName: ERASED,
        clientEmail: null,
        investmentExclusions: ERASED,
      });
      expect(await tablesHolding(sql, [other.name, other.email])).toEqual([]);
    });
  },
);
