import { randomUUID } from 'node:crypto';
import { PostgresEventStore, type SqlClient, WrongExpectedVersionError } from '@risk-profile/platform';
import { describeTargets, sqlTargets } from '@risk-profile/platform/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { STORED_BALANCED_FIGURES, TEST_DATA_ENCRYPTION_KEY, yesBody } from '../testing/fixtures';
import { type DataProtection, openDataProtection } from './data-protection';

function drafted(assessmentId: string) {
  return {
    type: 'AssessmentDrafted',
    data: {
      ...yesBody({ clientName: 'Tess Together', clientEmail: 'tess.together@example.com' }),
      clientPhone: null,
      assessmentId,
      ...STORED_BALANCED_FIGURES,
      adviserSlug: 'demo-adviser',
      draftedAt: '2026-11-28T09:00:00.000Z',
    },
  };
}

describeTargets(
  sqlTargets(),
  (target) => `an assessment's key, events and index writes on ${target.name}`,
  (target) => {
    let sql: SqlClient;
    let inner: PostgresEventStore;
    let protection: DataProtection;
    const count = async (table: string, id: string) =>
      (
        await sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE assessment_id = $1`, [
          id,
        ])
      ).rows[0]!.n;

    beforeAll(async () => {
      sql = await target.open();
      inner = await PostgresEventStore.create(sql);
      protection = await openDataProtection(sql, inner, TEST_DATA_ENCRYPTION_KEY);
    });
    afterAll(async () => {
      await sql?.close();
    });

    it('commit together, and the events read back in clear', async () => {
      const id = randomUUID();
      await protection.store.appendToStream(`assessment-${id}`, [drafted(id)], {
        expectedVersion: 'no_stream',
      });
      expect([await count('assessment_data_keys', id), await count('assessment_subjects', id)]).toEqual([
        1, 1,
      ]);
      const [event] = await protection.store.readStream(`assessment-${id}`);
      expect(event!.data).toMatchObject({ clientName: 'Tess Together' });
      const [raw] = await inner.readStream(`assessment-${id}`);
      expect(JSON.stringify(raw!.data)).not.toContain('Tess Together');
    });

    it('are all left out when the append is refused, and a later append uses the stored key', async () => {
      const id = randomUUID();
      // Something already holds the stream: the draft's append (no stream expected) is refused.
      await inner.appendToStream(`assessment-${id}`, [{ type: 'Placeholder', data: {} }], {
        expectedVersion: 'no_stream',
      });
      await expect(
        protection.store.appendToStream(`assessment-${id}`, [drafted(id)], { expectedVersion: 'no_stream' }),
      ).rejects.toBeInstanceOf(WrongExpectedVersionError);
      expect([await count('assessment_data_keys', id), await count('assessment_subjects', id)]).toEqual([
        0, 0,
      ]);
      // The key the refused draft made is forgotten, so the next append stores and uses a real one.
      await protection.store.appendToStream(`assessment-${id}`, [drafted(id)], { expectedVersion: 0 });
      expect(await count('assessment_data_keys', id)).toBe(1);
      const events = await protection.store.readStream(`assessment-${id}`);
      expect(events[1]!.data).toMatchObject({ clientName: 'Tess Together' });
    });
    it("mark the assessment signed in the index by the signature's own statement", async () => {
      const id = randomUUID();
      await protection.store.appendToStream(`assessment-${id}`, [drafted(id)], {
        expectedVersion: 'no_stream',
      });
      const signedAt = '2026-11-28T09:05:00.000Z';
      const signed = {
        type: 'AssessmentSigned',
        data: {
          assessmentId: id,
          investmentExclusions: 'Tobacco',
          investmentPreferences: '',
          signedAt,
          ipAddress: '203.0.113.7',
          userAgent: 'Test/1.0',
          digest: 'a'.repeat(64),
        },
      };
      // A stale expected version: nothing is written, the index row stays a draft.
      await expect(
        protection.store.appendToStream(`assessment-${id}`, [signed], { expectedVersion: 5 }),
      ).rejects.toBeInstanceOf(WrongExpectedVersionError);
      const status = async () =>
        (
          await sql.query<{ status: string; signed_at: Date | null }>(
            'SELECT status, signed_at FROM assessment_subjects WHERE assessment_id = $1',
            [id],
          )
        ).rows[0];
      expect(await status()).toEqual({ status: 'draft', signed_at: null });
      await protection.store.appendToStream(`assessment-${id}`, [signed], { expectedVersion: 0 });
      expect(await status()).toEqual({ status: 'signed', signed_at: new Date(signedAt) });
    });
  },
);
