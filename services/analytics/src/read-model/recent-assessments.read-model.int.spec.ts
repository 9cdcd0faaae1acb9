import { randomUUID } from 'node:crypto';
import {
  type AssessmentErasedV1,
  type AssessmentLifecycleTopicEvent,
  type AssessmentSignedV1,
  assessmentErasedV1,
  assessmentLifecycleTopicSchema,
  assessmentProcessingRestrictedV1,
} from '@risk-profile/contracts';
import type { SqlClient } from '@risk-profile/platform';
import { describeTargets, sqlTargets } from '@risk-profile/platform/testing';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { generateSessions } from '../testing/generated-sessions';
import { RecentAssessmentsReadModel } from './recent-assessments.read-model';

/** Signed sessions' draft and signature events, the signed one with a profile the client chose. */
const PAIRS = generateSessions(60, Date.now())
  .filter((s) => s.drafted !== null && s.signed !== null)
  .slice(0, 3)
  .map((s) => ({
    drafted: s.drafted!,
    signed: {
      ...s.signed!,
      data: { ...s.signed!.data, selectedProfile: 'Growth', profileChanged: true },
    } as AssessmentSignedV1,
  }));

describeTargets(
  sqlTargets(),
  (target) => `the recent assessments read model on ${target.name}`,
  (target) => {
    let sql: SqlClient;
    let model: RecentAssessmentsReadModel;

    beforeAll(async () => {
      sql = await target.open();
      model = await RecentAssessmentsReadModel.create(sql);
    });
    beforeEach(async () => {
      await sql.query('DELETE FROM analytics_recent_assessments');
      await sql.query('DELETE FROM analytics_erased_assessments');
    });
    afterAll(async () => {
      await sql?.close();
    });

    const rows = async () =>
      (
        await sql.query<{ assessment_id: string; stage: number; selected_profile: string; signed: boolean }>(
          `SELECT assessment_id, stage, selected_profile, signed_at IS NOT NULL AS signed
           FROM analytics_recent_assessments ORDER BY assessment_id`,
        )
      ).rows;
    const signedRow = (e: AssessmentLifecycleTopicEvent) => ({
      assessment_id: e.data.assessmentId,
      stage: 2,
      selected_profile: 'Growth',
      signed: true,
    });
    const sorted = <T extends { assessment_id: string }>(xs: T[]) =>
      [...xs].sort((a, b) => a.assessment_id.localeCompare(b.assessment_id));

    it('writes a batch holding a draft and its signature as the signed assessment', async () => {
      await model.applyAll(PAIRS.flatMap((p) => [p.drafted, p.signed]));
      expect(await rows()).toEqual(sorted(PAIRS.map((p) => signedRow(p.signed))));
    });

    it('keeps the signed version when a draft is redelivered, in the same batch or a later one', async () => {
      const [a, b] = PAIRS;
      await model.applyAll([a!.signed, a!.drafted, b!.signed]);
      await model.applyAll([b!.drafted, b!.drafted]);
      expect(await rows()).toEqual(sorted([signedRow(a!.signed), signedRow(b!.signed)]));
    });

    it('writes a draft alone as stage 1, then the signature over it', async () => {
      const [a] = PAIRS;
      await model.applyAll([a!.drafted]);
      expect(await rows()).toEqual([
        {
          assessment_id: a!.drafted.data.assessmentId,
          stage: 1,
          selected_profile: 'Balanced',
          signed: false,
        },
      ]);
      await model.applyAll([a!.signed, a!.signed]);
      expect(await rows()).toEqual([signedRow(a!.signed)]);
    });

    it('lists a draft as started and a signed assessment as signed', async () => {
      const [a, b] = PAIRS;
      await model.applyAll([a!.drafted, b!.drafted, b!.signed]);
      const status = new Map((await model.recent(null)).map((r) => [r.id, r.status]));
      expect(status).toEqual(
        new Map([
          [a!.drafted.data.assessmentId, 'started'],
          [b!.drafted.data.assessmentId, 'signed'],
        ]),
      );
    });

    it("lists one adviser's assessments when filtered, and every one without a filter", async () => {
      const [a, b, c] = PAIRS;
      const ofAdviser = <E extends AssessmentLifecycleTopicEvent>(event: E, adviserSlug: string | null): E =>
        ({ ...event, data: { ...event.data, adviserSlug } }) as E;
      await model.applyAll([
        ofAdviser(a!.drafted, 'harbour'),
        ofAdviser(b!.drafted, 'other'),
        ofAdviser(b!.signed, 'other'),
        ofAdviser(c!.signed, null),
      ]);
      const ids = async (adviser: string | null) =>
        (await model.recent(null, adviser)).map((r) => r.id).sort();
      expect(await ids('harbour')).toEqual([a!.drafted.data.assessmentId]);
      expect(await ids('other')).toEqual([b!.drafted.data.assessmentId]);
      expect(await ids('nobody')).toEqual([]);
      expect(await ids(null)).toEqual(PAIRS.map((p) => p.drafted.data.assessmentId).sort());
    });

    it("lists one questionnaire version's assessments when filtered; events without a version are version 1's", async () => {
      const [a, b, c] = PAIRS;
      // Parsed as the projector parses them: an event without a version gets the contract's 1.
      const ofVersion = (event: AssessmentLifecycleTopicEvent, version: number | undefined) =>
        assessmentLifecycleTopicSchema.parse({
          ...event,
          data: { ...event.data, questionnaireVersion: version, adviserSlug: 'harbour' },
        });
      await model.applyAll([
        ofVersion(a!.drafted, undefined),
        ofVersion(b!.drafted, 2),
        ofVersion(b!.signed, 2),
        ofVersion(c!.signed, 1),
      ]);
      const ids = async (version: number | null, adviser: string | null = null) =>
        (await model.recent(null, adviser, version)).map((r) => r.id).sort();
      const idOf = (pair: (typeof PAIRS)[number]) => pair.drafted.data.assessmentId;
      expect(await ids(1)).toEqual([idOf(a!), idOf(c!)].sort());
      expect(await ids(2)).toEqual([idOf(b!)]);
      expect(await ids(3)).toEqual([]);
      expect(await ids(null)).toEqual(PAIRS.map(idOf).sort());
      // Both filters at once: the adviser's assessments of that version.
      expect(await ids(2, 'harbour')).toEqual([idOf(b!)]);
      expect(await ids(2, 'other')).toEqual([]);
    });

    const erasedOf = (assessmentId: string): AssessmentErasedV1 =>
      assessmentErasedV1.parse({
        id: randomUUID(),
        type: 'AssessmentErased',
        version: 1,
        occurredAt: '2026-11-26T00:00:00.000Z',
        correlationId: 'req-erase',
        causationId: null,
        data: {
          assessmentId,
          reason: 'request',
          linkId: null,
          adviserSlug: null,
          erasedAt: '2026-11-26T00:00:00.000Z',
        },
      });
    const personal = async () =>
      (
        await sql.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM analytics_recent_assessments
           WHERE client_name = ANY($1::text[]) OR client_email = ANY($2::text[])`,
          [PAIRS.map((p) => p.signed.data.clientName), PAIRS.map((p) => p.signed.data.clientEmail)],
        )
      ).rows[0]!.n;

    it("deletes an erased assessment's row, its name and email, and never writes it back", async () => {
      const [a, b, c] = PAIRS;
      await model.applyAll(PAIRS.flatMap((p) => [p.drafted, p.signed]));
      await model.applyAll([erasedOf(a!.signed.data.assessmentId)]);
      expect(await rows()).toEqual(sorted([signedRow(b!.signed), signedRow(c!.signed)]));
      // Redelivered, late, or in one batch with its own snapshots: still gone.
      await model.applyAll([a!.drafted, a!.signed, erasedOf(a!.signed.data.assessmentId)]);
      await model.applyAll([a!.signed]);
      await model.applyAll([b!.signed, erasedOf(b!.signed.data.assessmentId), b!.drafted]);
      expect(await rows()).toEqual([signedRow(c!.signed)]);
      expect((await model.recent(null)).map((r) => r.id)).toEqual([c!.signed.data.assessmentId]);
      await model.applyAll([erasedOf(c!.signed.data.assessmentId), erasedOf(c!.signed.data.assessmentId)]);
      expect(await personal()).toBe(0);
    });

    it('keeps a restricted assessment as it is', async () => {
      const [a] = PAIRS;
      await model.applyAll([a!.drafted, a!.signed]);
      const restricted = assessmentProcessingRestrictedV1.parse({
        id: randomUUID(),
        type: 'AssessmentProcessingRestricted',
        version: 1,
        occurredAt: '2026-11-26T00:00:00.000Z',
        correlationId: 'req-restrict',
        causationId: null,
        data: {
          assessmentId: a!.signed.data.assessmentId,
          restrictedAt: '2026-11-26T00:00:00.000Z',
          retainedUntil: '2033-11-26T00:00:00.000Z',
        },
      });
      await model.applyAll([restricted]);
      expect(await rows()).toEqual([signedRow(a!.signed)]);
    });

    it('does nothing for an empty batch', async () => {
      await model.applyAll([]);
      expect(await rows()).toEqual([]);
    });
  },
);
