import { migrate, migrateAccessLog, type SqlClient } from '@risk-profile/platform';
import { describeTargets, sqlTargets } from '@risk-profile/platform/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DELIVERY_MIGRATIONS } from '../delivery/delivery.migrations';
import { draftedOf, signedAssessment } from '../testing/fixtures';
import { RECORDS_MIGRATIONS } from './records.migrations';
import { projectDrafts, projectSignatures } from './records-batch';
import { project } from './records-consumer';

const signed = (clientName: string, signedAt: string, clientEmail = 'page@example.com') =>
  signedAssessment({ clientName, clientEmail, createdAt: signedAt, signedAt });

describeTargets(
  sqlTargets(),
  (target) => `a page of drafts and signatures projected together on ${target.name}`,
  (target) => {
    let sql: SqlClient;
    beforeAll(async () => {
      sql = await target.open();
      await migrate(sql, 'notification', DELIVERY_MIGRATIONS);
      await migrateAccessLog(sql);
      await migrate(sql, 'notification-records', RECORDS_MIGRATIONS);
    });
    afterAll(async () => {
      await sql?.close();
    });

    const rows = async (ids: string[]) =>
      (
        await sql.query<{
          assessment_id: string;
          status: string;
          superseded: boolean;
          drafted_event_id: string | null;
        }>(
          `SELECT assessment_id::text, status, superseded, drafted_event_id FROM records_assessments
           WHERE assessment_id = ANY($1::uuid[]) ORDER BY signed_at NULLS FIRST`,
          [ids],
        )
      ).rows;

    it('reaches the state the events reach one by one: last of each kind wins, older signatures superseded', async () => {
      const older = signed('Page Client', '2026-01-01T10:00:00.000Z');
      const newer = signed('Page Client', '2026-03-01T10:00:00.000Z');
      const oldest = signed('Page Client', '2025-06-01T10:00:00.000Z');
      const drafting = draftedOf(signed('Page Drafting', '2026-02-01T10:00:00.000Z', 'drafting@example.com'));
      const [lateDraft, againDraft] = [draftedOf(newer), draftedOf(newer)];
      // The page: the newer signature before the older, a late draft of a signed assessment, a
      // signature delivered twice.
      await sql.transaction(async (tx) => {
        await projectDrafts(tx, [lateDraft, drafting, againDraft]);
        await projectSignatures(tx, [newer, older, newer]);
      });
      // One by one, later: a signature older than both.
      await sql.transaction((tx) => project(tx, oldest));
      const ids = [older, newer, oldest, drafting].map((e) => e.data.assessmentId);
      expect(await rows(ids)).toEqual([
        {
          assessment_id: drafting.data.assessmentId,
          status: 'in_progress',
          superseded: false,
          drafted_event_id: drafting.id,
        },
        {
          assessment_id: oldest.data.assessmentId,
          status: 'signed',
          superseded: true,
          drafted_event_id: null,
        },
        {
          assessment_id: older.data.assessmentId,
          status: 'signed',
          superseded: true,
          drafted_event_id: null,
        },
        {
          assessment_id: newer.data.assessmentId,
          status: 'signed',
          superseded: false,
          drafted_event_id: againDraft.id,
        },
      ]);
    });
  },
);
