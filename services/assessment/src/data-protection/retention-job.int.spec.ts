import { assessmentSchema } from '@risk-profile/contracts';
import { PostgresCheckpointStore, type SqlClient, silentLogger, type Worker } from '@risk-profile/platform';
import { describeTargets, eventually, sqlTargets } from '@risk-profile/platform/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type AssessmentTestServer, startAssessmentServer } from '../testing/assessment-test-server';
import { TEST_DATA_ENCRYPTION_KEY, yesBody } from '../testing/fixtures';
import { openDataProtection } from './data-protection';
import { AssessmentEraser } from './eraser';
import { startRetentionJob } from './retention-job';

const T0 = new Date('2026-01-10T09:00:00.000Z');
const DAY = 24 * 60 * 60 * 1000;

describeTargets(
  sqlTargets(),
  (target) => `the retention job on ${target.name}`,
  (target) => {
    let sql: SqlClient;
    let server: AssessmentTestServer;
    let job: Worker;
    let now = T0;
    const clock = () => now;

    beforeAll(async () => {
      sql = await target.open();
      // The relay runs: it brings signatures into the subject index.
      server = await startAssessmentServer(sql, { clock, background: true });
      const protection = await openDataProtection(sql, server.rawStore, TEST_DATA_ENCRYPTION_KEY);
      const eraser = new AssessmentEraser({
        store: protection.store,
        sql,
        bus: server.bus,
        keys: protection.keys,
        index: protection.index,
        audit: protection.audit,
        policy: { draftRetentionDays: 90, recordRetentionYears: 7 },
        logger: silentLogger(),
        onStored: () => {},
      });
      // A long interval: the test runs each sweep itself, with the clock where it moved it.
      job = startRetentionJob({
        eraser,
        leases: await PostgresCheckpointStore.create(sql),
        clock,
        intervalMs: 60 * 60_000,
        logger: silentLogger(),
        batchSize: 2,
      });
    });
    afterAll(async () => {
      await job?.stop();
      await server?.stop();
      await sql?.close();
    });

    async function draft(at: Date, sign = false): Promise<string> {
      now = at;
      const response = await server.post('/api/assessments', yesBody());
      const { id } = assessmentSchema.parse(await response.json());
      if (sign)
        expect((await server.post(`/api/assessments/${id}/sign`, { confirmed: true })).status).toBe(200);
      return id;
    }

    async function erased(): Promise<Record<string, string>> {
      const { rows } = await sql.query<{ assessment_id: string; reason: string }>(
        'SELECT assessment_id::text, reason FROM assessment_erasure_audit ORDER BY id',
      );
      return Object.fromEntries(rows.map((row) => [row.assessment_id, row.reason]));
    }

    it('erases exactly the drafts 90 days old and the records 7 years signed, as the clock moves', async () => {
      const oldDrafts = [
        await draft(T0),
        await draft(new Date(T0.getTime() + 1000)),
        await draft(new Date(T0.getTime() + 2000)),
      ];
      const signedEarly = await draft(new Date(T0.getTime() + 3000), true);
      const youngDraft = await draft(new Date(T0.getTime() + 10 * DAY));
      const signedLate = await draft(new Date(T0.getTime() + 20 * DAY), true);

      await eventually(async () => {
        const { rows } = await sql.query(
          "SELECT count(*)::int AS n FROM assessment_subjects WHERE status = 'signed'",
        );
        expect(rows).toEqual([{ n: 2 }]);
      });
      now = new Date(T0.getTime() + 90 * DAY - 1);
      await job.drain();
      expect(await erased()).toEqual({});

      // Three drafts are due: more than a batch, so the job runs a second round at once.
      now = new Date(T0.getTime() + 90 * DAY + 2000);
      await job.drain();
      expect(await erased()).toEqual(Object.fromEntries(oldDrafts.map((id) => [id, 'draft-retention'])));

      now = new Date(T0.getTime() + 100 * DAY);
      await job.drain();
      expect(Object.keys(await erased())).toContain(youngDraft);
      expect(Object.keys(await erased())).not.toContain(signedEarly);

      // Signed records: seven calendar years after signing, not after drafting.
      now = new Date('2033-01-10T09:00:02.999Z');
      await job.drain();
      expect(Object.keys(await erased())).not.toContain(signedEarly);
      now = new Date('2033-01-10T09:00:03.000Z');
      await job.drain();
      expect((await erased())[signedEarly]).toBe('record-retention');
      expect(Object.keys(await erased())).not.toContain(signedLate);

      now = new Date(new Date('2033-01-10T09:00:00.000Z').getTime() + 20 * DAY);
      await job.drain();
      expect((await erased())[signedLate]).toBe('record-retention');
      expect(Object.keys(await erased())).toHaveLength(6);

      // Every erased stream reads with the marker, and nothing is due any more.
      for (const id of [...oldDrafts, signedEarly]) {
        const [drafted] = await server.store.readStream(`assessment-${id}`);
        expect(drafted!.data).toMatchObject({ clientName: '[erased]', clientEmail: null });
      }
      const { rows } = await sql.query('SELECT count(*)::int AS n FROM assessment_data_keys');
      expect(rows).toEqual([{ n: 0 }]);
      expect(
        (await sql.query('SELECT actor_email FROM assessment_erasure_audit WHERE actor_email IS NOT NULL'))
          .rows,
      ).toEqual([]);
    });
  },
);
