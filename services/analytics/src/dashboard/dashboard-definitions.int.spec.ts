import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { RecentAssessmentsReadModel } from '../read-model/recent-assessments.read-model';
import type { AssessmentRow, HouseholdLinkRow, QuestionEventRow } from '../store/analytics-store.port';
import { balancedAssessment } from '../testing/assessment-rows';
import { embeddedStores } from '../testing/embedded-stores';
import { uuidV7At } from '../testing/generated-sessions';
import { DashboardQueries } from './dashboard-queries';

/*
 * Each of the dashboard's definitions (docs/analytics-schema.md, "The dashboard's definitions") on
 * a handful of hand-built sessions, through the queries the endpoints run on chDB, with every
 * expected number worked out by hand below. dashboard-numbers.int.spec.ts checks the same queries
 * against an independent calculation over generated sessions.
 */

const NOW = new Date('2026-11-22T12:00:00.000Z');
const T = NOW.getTime();
const MIN = 60_000;
const DAY = 24 * 60 * MIN;

const sessionIds = new Map<string, string>();
const sessionId = (name: string, startMs: number) => {
  const hex = Buffer.from(`${name}-session-id-bits`).toString('hex');
  if (!sessionIds.has(name)) sessionIds.set(name, uuidV7At(startMs, hex));
  return sessionIds.get(name)!;
};

/** A first view of question `q`, as the page sends it. */
const view = (session: string, device: string, q: number, at: number): QuestionEventRow => ({
  eventId: randomUUID(),
  sessionId: session,
  questionId: `q${q}`,
  questionNumber: q,
  deviceType: device,
  viewedAt: at,
  answeredAt: null,
  timeSpentMs: 0,
  answerChanges: 0,
  finalAnswer: null,
  receivedAt: at,
});

/** An answer event: the first view's time, the answer's, and the changes so far. */
const answer = (first: QuestionEventRow, at: number, changes: number): QuestionEventRow => ({
  ...first,
  eventId: randomUUID(),
  answeredAt: at,
  timeSpentMs: at - first.viewedAt,
  answerChanges: changes,
  finalAnswer: 3,
  receivedAt: at,
});

/** A drafted (without `signedAt`) or signed assessment, as the projector stores it. */
const assessment = (
  sessionId: string | null,
  deviceType: string | null,
  createdAt: number,
  signedAt: number | null,
): AssessmentRow => balancedAssessment({ sessionId, deviceType, createdAt, signedAt });

// A (desktop): answers q1 in 10 s, q2 in 8 s with 2 changes (an earlier answer event with 0 changes
// is folded away), and signs 6 minutes after its first view.
const a = sessionId('a', T - 40 * MIN);
const aQ1 = view(a, 'desktop', 1, T - 40 * MIN);
const aQ2 = view(a, 'desktop', 2, T - 39 * MIN);
// B (mobile): answers q1 (1 change) exactly 30 minutes ago and does nothing more: abandoned.
const b = sessionId('b', T - 31 * MIN);
const bQ1 = view(b, 'mobile', 1, T - 31 * MIN);
// C (tablet): answers q1 (3 changes) 1 ms less than 30 minutes ago: still active.
const c = sessionId('c', T - 31 * MIN);
const cQ1 = view(c, 'tablet', 1, T - 31 * MIN);
// D (desktop): views q1 and leaves without answering it.
const d = sessionId('d', T - 20 * MIN);
const dQ1 = view(d, 'desktop', 1, T - 20 * MIN);
// E (mobile): its page never sent q1 (it restored saved progress); answers q2 in 4 s and signs. It
// answered questionnaire version 2; every other session version 1 (A's and F's events name none).
const e = sessionId('e', T - 25 * MIN);
const eQ2 = { ...view(e, 'mobile', 2, T - 25 * MIN), questionnaireVersion: 2 };
// F (desktop), ten days ago: answers q1 in 20 s and signs 5 minutes after its first view.
const f = sessionId('f', T - 10 * DAY);
const fQ1 = view(f, 'desktop', 1, T - 10 * DAY);

const EVENTS: QuestionEventRow[] = [
  aQ1,
  answer(aQ1, aQ1.viewedAt + 10_000, 0),
  aQ2,
  answer(aQ2, aQ2.viewedAt + 5_000, 0),
  answer(aQ2, aQ2.viewedAt + 8_000, 2),
  bQ1,
  answer(bQ1, T - 30 * MIN, 1),
  cQ1,
  answer(cQ1, T - 30 * MIN + 1, 3),
  dQ1,
  eQ2,
  answer(eQ2, eQ2.viewedAt + 4_000, 0),
  fQ1,
  answer(fQ1, fQ1.viewedAt + 20_000, 0),
];
// Advisers: A and F came through `harbour`, E and G through `other`; B, C, D drafted nothing, so
// their sessions are no adviser's; H has none.
// Links: A and F are the members of one household, H of another; E came by a plain link, G by none.
const aDrafted = {
  ...assessment(a, 'desktop', T - 35 * MIN, null),
  adviserSlug: 'harbour',
  linkId: 'household-a',
};
const ASSESSMENTS: AssessmentRow[] = [
  aDrafted,
  // A's chosen profile goes beyond the client's horizon or capacity for loss; no other does.
  { ...aDrafted, stage: 2, signedAt: T - 34 * MIN, capacityWarning: true, eventId: randomUUID() },
  {
    ...assessment(e, 'mobile', T - 24 * MIN - 30_000, T - 24 * MIN),
    adviserSlug: 'other',
    linkId: 'plain-e',
    questionnaireVersion: 2,
  },
  {
    ...assessment(f, 'desktop', T - 10 * DAY + 4 * MIN, T - 10 * DAY + 5 * MIN),
    adviserSlug: 'harbour',
    linkId: 'household-f',
  },
  // G: signed without an analytics session (its page sent no question event): an assessment, but
  // no device and no completion time.
  // G was also stored before capacity was recorded: no flag, so it is in no capacity share.
  { ...assessment(null, null, T - 61 * MIN, T - 60 * MIN), adviserSlug: 'other', capacityWarning: null },
  // H: drafted at "Yes, I agree" and not signed: started, not signed, and in no completion figure.
  { ...assessment(null, null, T - 50 * MIN, null), linkId: 'household-h' },
];

/** The households' links; stored after the drafts. H's household has a member who never started. */
const householdLink = (householdId: string, linkId: string): HouseholdLinkRow => ({
  linkId,
  householdId,
  createdAt: T - 60 * DAY,
  eventId: randomUUID(),
});
const [HOUSEHOLD_AF, HOUSEHOLD_H] = [randomUUID(), randomUUID()];
const HOUSEHOLD_LINKS = [
  householdLink(HOUSEHOLD_AF, 'household-a'),
  householdLink(HOUSEHOLD_AF, 'household-f'),
  householdLink(HOUSEHOLD_H, 'household-h'),
  householdLink(HOUSEHOLD_H, 'household-never-started'),
];

/** The summary of no data: each count nothing, and each figure made from it none. */
const EMPTY_SUMMARY = {
  totalAssessments: 0,
  mostDifficultQuestion: null,
  signedAssessments: 0,
  completionRate: null,
  averageTimePerAssessment: null,
  capacityWarningShare: null,
  householdShare: null,
  questionnaireVersions: [] as number[],
};
/** The same with the sessions stored: the version filter's options do not depend on the filters. */
const NOTHING_FILTERED = { ...EMPTY_SUMMARY, questionnaireVersions: [1, 2] };

describe('the dashboard definitions on hand-built sessions (chDB)', () => {
  const stores = embeddedStores('analytics-definitions-');
  let queries: DashboardQueries;

  beforeAll(async () => {
    queries = new DashboardQueries(stores.store, await RecentAssessmentsReadModel.create(stores.sql));
  });

  it('empty data: zeros, empty lists, and no completion rate or most difficult question', async () => {
    for (const period of ['24h', '7d', '30d', 'all'] as const) {
      // No session viewed question 1 and no signed assessment with a first view: nothing to divide,
      // so no rate and no average rather than 0% and 0 s.
      expect(await queries.summary(period, NOW)).toEqual(EMPTY_SUMMARY);
      expect(await queries.questionDifficulty(period, NOW)).toEqual([]);
      expect(await queries.dropOff(period, NOW)).toEqual([]);
      expect(await queries.devices(period, NOW)).toEqual([]);
      expect(await queries.recent(period, NOW)).toEqual([]);
    }
    expect(await queries.advisers()).toEqual([]);
  });

  describe('with the sessions', () => {
    beforeAll(async () => {
      await stores.store.insertQuestionEvents(EVENTS);
      // A redelivery of some events (the same event ids) is stored once.
      await stores.store.insertQuestionEvents(EVENTS.slice(0, 5));
      await stores.store.insertAssessments(ASSESSMENTS);
      // The households after their members' drafts, one of them delivered twice.
      await stores.store.insertHouseholdLinks(HOUSEHOLD_LINKS);
      await stores.store.insertHouseholdLinks(HOUSEHOLD_LINKS.slice(0, 2));
    });

    it('stores a redelivered event once', async () => {
      const [row] = await stores.store.select<{ n: number }>(
        'SELECT count() AS n FROM {db}.question_events FINAL',
      );
      expect(row?.n).toBe(EVENTS.length);
    });

    it('drop-off: sessions that viewed a question without answering it, over those that viewed it', async () => {
      // q1 viewed by A, B, C, D, F and answered by all but D: 1 of 5. q2: A and E, both answered.
      expect(await queries.dropOff('all', NOW)).toEqual([
        { questionId: 'q1', dropOffRate: 20 },
        { questionId: 'q2', dropOffRate: 0 },
      ]);
      // Over 7 days F (ten days ago) is out: 1 of 4.
      expect(await queries.dropOff('7d', NOW)).toEqual([
        { questionId: 'q1', dropOffRate: 25 },
        { questionId: 'q2', dropOffRate: 0 },
      ]);
    });

    it('question difficulty: time and answer changes of the sessions that answered, abandonment at 30 minutes', async () => {
      expect(await queries.questionDifficulty('all', NOW)).toEqual([
        {
          questionId: 'q1',
          // A 10 s, B 60 s, C 60.001 s, F 20 s; changes 0, 1, 3, 0.
          averageTime: 37_500, // 150,001 / 4 = 37,500.25
          answerChanges: 1,
          difficulty: 'hard', // one change on average
          medianTime: 40_000, // the mean of 20 s and 60 s
          answeredSessions: 4,
          answerChangesCompleted: 0, // A and F signed
          answerChangesAbandoned: 1, // B: inactive for exactly 30 minutes; C (1 ms less) is neither
        },
        {
          questionId: 'q2',
          // A 8 s with 2 changes (its latest answer), E 4 s with none; both signed.
          averageTime: 6_000,
          answerChanges: 1,
          difficulty: 'hard',
          medianTime: 6_000,
          answeredSessions: 2,
          answerChangesCompleted: 1,
          answerChangesAbandoned: null,
        },
      ]);
      const week = await queries.questionDifficulty('7d', NOW);
      // Without F: (10,000 + 60,000 + 60,001) / 3 = 43,333.7; changes 4 / 3 = 1.3; median 60 s.
      expect(week[0]).toMatchObject({
        questionId: 'q1',
        averageTime: 43_334,
        answerChanges: 1.3,
        medianTime: 60_000,
        answeredSessions: 3,
        answerChangesCompleted: 0,
        answerChangesAbandoned: 1,
      });
    });

    it('summary: assessments, completion among the sessions that viewed q1, time from first view to signing', async () => {
      expect(await queries.summary('all', NOW)).toEqual({
        // A, E, F, G and H.
        totalAssessments: 5,
        // All but H, which is only drafted.
        signedAssessments: 4,
        // Viewed q1: A, B, C, D, F; of them A and F signed. E signed without viewing q1: not counted.
        completionRate: 40,
        // A 6 min, E 1 min, F 5 min; G has no first view.
        averageTimePerAssessment: 240_000,
        // q1 scores 37,500 / 30,000 + 1 = 2.25, q2 6,000 / 30,000 + 1 = 1.2.
        mostDifficultQuestion: 'q1',
        capacityWarningShare: 33.3, // A of A, E, F (G has no flag)
        // A, F and H of the five: E's plain link and G without one are not, nor is the member who
        // never started.
        householdShare: 60,
        questionnaireVersions: [1, 2],
      });
      expect(await queries.summary('7d', NOW)).toEqual({
        totalAssessments: 4, // A, E, G, H
        signedAssessments: 3, // A, E, G
        completionRate: 25, // A of A, B, C, D
        averageTimePerAssessment: 210_000, // A 6 min, E 1 min
        mostDifficultQuestion: 'q1',
        capacityWarningShare: 50, // A of A, E
        householdShare: 50, // A and H of A, E, G, H
        questionnaireVersions: [1, 2],
      });
      // Nothing happened between 7 days and 24 hours ago: the same as 7 days.
      expect(await queries.summary('24h', NOW)).toEqual(await queries.summary('7d', NOW));
    });

    it('devices: completed assessments per device and their average time from first view to signing', async () => {
      expect(await queries.devices('all', NOW)).toEqual([
        { deviceType: 'desktop', count: 2, averageCompletionTime: 330_000 }, // A 6 min, F 5 min
        { deviceType: 'mobile', count: 1, averageCompletionTime: 60_000 }, // E
      ]);
      expect(await queries.devices('7d', NOW)).toEqual([
        { deviceType: 'desktop', count: 1, averageCompletionTime: 360_000 },
        { deviceType: 'mobile', count: 1, averageCompletionTime: 60_000 },
      ]);
    });

    it('lists the advisers the assessments came through, once each, in order', async () => {
      expect(await queries.advisers()).toEqual(['harbour', 'other']);
    });

    it("filtered by adviser: that adviser's assessments, and the sessions that drafted one for them", async () => {
      expect(await queries.summary('all', NOW, 'harbour')).toEqual({
        totalAssessments: 2, // A, F
        signedAssessments: 2,
        // Of the harbour sessions A and F, both viewed q1 and signed.
        completionRate: 100,
        averageTimePerAssessment: 330_000, // A 6 min, F 5 min
        // q1: A 10 s, F 20 s, no changes: 15,000 / 30,000 = 0.5; q2: A 8 s, 2 changes: 8,000 / 30,000 + 2.
        mostDifficultQuestion: 'q2',
        capacityWarningShare: 50, // A of A, F
        householdShare: 100, // A and F
        questionnaireVersions: [1, 2],
      });
      expect(await queries.summary('7d', NOW, 'other')).toEqual({
        totalAssessments: 2, // E, G
        signedAssessments: 2,
        // E never viewed q1: nothing to divide.
        completionRate: null,
        averageTimePerAssessment: 60_000, // E; G has no first view
        mostDifficultQuestion: null, // E answered q2 in 4 s without a change: easy
        capacityWarningShare: 0, // E; G has no flag
        householdShare: 0, // E by a plain link, G by none
        questionnaireVersions: [1, 2],
      });
      // B, C and D drafted nothing: they count under every adviser only.
      expect(await queries.dropOff('all', NOW, 'harbour')).toEqual([
        { questionId: 'q1', dropOffRate: 0 },
        { questionId: 'q2', dropOffRate: 0 },
      ]);
      expect(await queries.questionDifficulty('all', NOW, 'other')).toEqual([
        {
          questionId: 'q2',
          averageTime: 4_000,
          answerChanges: 0,
          difficulty: 'easy',
          medianTime: 4_000,
          answeredSessions: 1,
          answerChangesCompleted: 0,
          answerChangesAbandoned: null,
        },
      ]);
      expect(await queries.devices('all', NOW, 'harbour')).toEqual([
        { deviceType: 'desktop', count: 2, averageCompletionTime: 330_000 },
      ]);
      // An adviser with no assessment: nothing, and nothing to divide.
      expect(await queries.summary('all', NOW, 'nobody')).toEqual(NOTHING_FILTERED);
      expect(await queries.dropOff('all', NOW, 'nobody')).toEqual([]);
    });

    it('filtered by questionnaire version: the assessments answered against it, and the sessions whose pages showed it', async () => {
      // Version 2: E alone.
      expect(await queries.summary('all', NOW, null, 2)).toEqual({
        totalAssessments: 1,
        signedAssessments: 1,
        completionRate: null, // E never viewed q1
        averageTimePerAssessment: 60_000,
        mostDifficultQuestion: null, // E answered q2 in 4 s without a change: easy
        capacityWarningShare: 0,
        householdShare: 0,
        questionnaireVersions: [1, 2],
      });
      expect(await queries.dropOff('all', NOW, null, 2)).toEqual([{ questionId: 'q2', dropOffRate: 0 }]);
      expect(await queries.questionDifficulty('all', NOW, null, 2)).toEqual(
        await queries.questionDifficulty('all', NOW, 'other'),
      );
      expect(await queries.devices('all', NOW, null, 2)).toEqual([
        { deviceType: 'mobile', count: 1, averageCompletionTime: 60_000 },
      ]);
      // Version 1: everything but E.
      expect(await queries.summary('all', NOW, null, 1)).toEqual({
        totalAssessments: 4, // A, F, G, H
        signedAssessments: 3, // A, F, G
        completionRate: 40, // A and F of A, B, C, D, F: every q1 view was version 1's
        averageTimePerAssessment: 330_000, // A 6 min, F 5 min
        // q2 is A's alone now: 8,000 / 30,000 + 2 = 2.27, above q1's 2.25.
        mostDifficultQuestion: 'q2',
        capacityWarningShare: 50, // A of A, F (G has no flag)
        householdShare: 75, // A, F and H of A, F, G, H
        questionnaireVersions: [1, 2],
      });
      expect(await queries.dropOff('all', NOW, null, 1)).toEqual([
        { questionId: 'q1', dropOffRate: 20 },
        { questionId: 'q2', dropOffRate: 0 },
      ]);
      expect(await queries.devices('all', NOW, null, 1)).toEqual([
        { deviceType: 'desktop', count: 2, averageCompletionTime: 330_000 },
      ]);
      // With an adviser: both filters. `other`'s version 1 assessment is G, without a session.
      expect(await queries.summary('all', NOW, 'other', 1)).toEqual({
        ...NOTHING_FILTERED,
        totalAssessments: 1,
        signedAssessments: 1,
        householdShare: 0,
      });
      // A version no assessment has: nothing, and nothing to divide.
      expect(await queries.summary('all', NOW, null, 3)).toEqual(NOTHING_FILTERED);
      expect(await queries.questionDifficulty('all', NOW, null, 3)).toEqual([]);
      expect(await queries.recent('all', NOW, null, 3)).toEqual([]);
    });

    it('binds the adviser as a value: a slug that looks like SQL matches nothing and changes nothing', async () => {
      const injection = "harbour' OR 1=1 --";
      expect((await queries.summary('all', NOW, injection)).totalAssessments).toBe(0);
      expect(await queries.questionDifficulty('all', NOW, injection)).toEqual([]);
      expect((await queries.summary('all', NOW)).totalAssessments).toBe(5);
    });

    // Last: it adds a household the tests above do not expect.
    it('counts an assessment in a household created after it was drafted and signed', async () => {
      expect((await queries.summary('7d', NOW, 'other')).householdShare).toBe(0);
      await stores.store.insertHouseholdLinks([householdLink(randomUUID(), 'plain-e')]);
      expect((await queries.summary('7d', NOW, 'other')).householdShare).toBe(50); // E of E, G
    });
  });
});
