import { randomUUID } from 'node:crypto';
import {
  type AnalyticsPeriod,
  ASSESSMENT_LIFECYCLE_TOPIC,
  ENDPOINT_ROUTES,
  HOUSEHOLDS_TOPIC,
  type HouseholdCreatedV1,
  type QuestionEvent,
  type RecentAssessments,
} from '@risk-profile/contracts';
import { type ServiceUnderTest, startServiceUnderTest } from '@risk-profile/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsConfigSchema } from '../config';
import { createAnalyticsService } from '../index';
import { embeddedStores } from '../testing/embedded-stores';
import { expectedDashboard } from '../testing/expected-dashboard';
import { type GeneratedSession, generateSessions } from '../testing/generated-sessions';
import { TestSessionVerifier } from '../testing/test-session-verifier';
import { mostDifficultQuestion } from './definitions';

const NOW = new Date('2026-11-22T12:00:00.000Z');
let now = NOW;
const SESSIONS = withVersions(withUntimedAssessments(generateSessions(400, NOW.getTime(), 11)));
/** The questionnaire version a generated session answered (many drafted nothing; some sent no event). */
const versionOf = (s: GeneratedSession): number =>
  s.events[0]?.questionnaireVersion ?? s.drafted?.data.questionnaireVersion ?? 1;
/** Half of the links the generated clients came by are household members' (two to a household). */
const HOUSEHOLD_LINKS = SESSIONS.flatMap((s) => s.drafted?.data.linkId ?? []).filter((_, i) => i % 2 === 0);
const HOUSEHOLDS: HouseholdCreatedV1[] = Array.from(
  { length: Math.ceil(HOUSEHOLD_LINKS.length / 2) },
  (_, h) => ({
    id: randomUUID(),
    type: 'HouseholdCreated',
    version: 1,
    occurredAt: NOW.toISOString(),
    correlationId: 'generated',
    causationId: null,
    data: {
      householdId: randomUUID(),
      adviserSlug: 'demo-adviser',
      name: `Household ${h}`,
      members: HOUSEHOLD_LINKS.slice(2 * h, 2 * h + 2).map((linkId, m) => ({
        memberId: randomUUID(),
        name: `Member ${h}.${m}`,
        email: `member${h}.${m}@example.com`,
        phone: null,
        linkId,
        inPerson: false,
      })),
      createdAt: NOW.toISOString(),
    },
  }),
);
const verifier = new TestSessionVerifier();
const ADMIN = verifier.grant('admin', { role: 'admin' });

/**
 * Ten signed assessments whose question events never arrived (a page offline or behind a blocker)
 * and five made without an analytics session at all: they count as assessments (and the ten as
 * completions on their device), but have no time from first view to signing.
 */
function withUntimedAssessments(sessions: GeneratedSession[]): GeneratedSession[] {
  const signed = sessions.filter((s) => s.signed);
  const eventsLost = new Set(signed.slice(-15, -5));
  const noSession = new Set(signed.slice(-5));
  return sessions.map((s) => {
    if (eventsLost.has(s)) return { ...s, events: [] };
    if (!noSession.has(s)) return s;
    const drafted = s.drafted!;
    const signedEvent = s.signed!;
    return {
      ...s,
      events: [],
      drafted: { ...drafted, data: { ...drafted.data, sessionId: null, deviceType: null } },
      signed: { ...signedEvent, data: { ...signedEvent.data, sessionId: null, deviceType: null } },
    };
  });
}

/**
 * Every third session answered version 2 (as after a rewording): its page sent the version with
 * each question event, and its assessment's events carry it. The rest name no version: 1.
 */
function withVersions(sessions: GeneratedSession[]): GeneratedSession[] {
  const v2 = <E extends { data: object }>(event: E | null): E | null =>
    event && { ...event, data: { ...event.data, questionnaireVersion: 2 } };
  return sessions.map((s, i) =>
    i % 3 !== 0
      ? s
      : {
          ...s,
          events: s.events.map((e) => ({ ...e, questionnaireVersion: 2 })),
          drafted: v2(s.drafted),
          signed: v2(s.signed),
        },
  );
}

describe('dashboard numbers on 400 generated sessions, against an independent calculation', () => {
  const stores = embeddedStores('analytics-numbers-');
  let server: ServiceUnderTest;

  beforeAll(async () => {
    const config = analyticsConfigSchema.parse({ DATA_DIR: stores.dir, ANALYTICS_FLUSH_INTERVAL_MS: '50' });
    server = await startServiceUnderTest(
      stores.sql,
      (deps) => createAnalyticsService(deps, { sessions: verifier, config, store: stores.store }),
      { background: true, clock: () => now },
    );
    // Through the real ingest endpoint, each session's events when its page sent them (the ingest
    // takes only times near its clock), in the page's batch size; some sent twice, as a page may.
    const events = SESSIONS.flatMap((s) => s.events);
    const sendAsItHappened = async (batch: readonly QuestionEvent[]) => {
      const times = batch.map((e) => Date.parse(e.questionAnsweredAt ?? e.questionViewedAt));
      now = new Date(Math.max(...times));
      const res = await server.post(ENDPOINT_ROUTES.ingestQuestionEvents.path, { events: batch });
      expect(res.status).toBe(202);
    };
    for (const session of SESSIONS) {
      for (let i = 0; i < session.events.length; i += 100)
        await sendAsItHappened(session.events.slice(i, i + 100));
    }
    const firstSessions = SESSIONS.filter((s) => s.events.length > 0).slice(0, 3);
    for (const session of firstSessions) await sendAsItHappened(session.events);
    now = NOW;
    const lifecycle = SESSIONS.flatMap((s) => [s.drafted, s.signed]).filter((e) => e !== null);
    await server.bus.publish(
      ASSESSMENT_LIFECYCLE_TOPIC,
      lifecycle.map((e) => ({ id: e.id, key: e.data.assessmentId, value: e })),
    );
    await server.bus.publish(
      HOUSEHOLDS_TOPIC,
      HOUSEHOLDS.map((e) => ({ id: e.id, key: e.data.householdId, value: e })),
    );
    const signedCount = SESSIONS.filter((s) => s.signed).length;
    const deadline = Date.now() + 30_000;
    for (;;) {
      const [q] = await stores.store.select<{ n: number }>(
        'SELECT count() AS n FROM {db}.question_events FINAL',
      );
      const [a] = await stores.store.select<{ n: number }>(
        'SELECT countIf(stage = 2) AS n FROM {db}.assessments FINAL',
      );
      const { rows } = await stores.sql.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM analytics_recent_assessments',
      );
      const [h] = await stores.store.select<{ n: number }>(
        'SELECT count() AS n FROM {db}.household_links FINAL',
      );
      if (
        q!.n === events.length &&
        a!.n === signedCount &&
        rows[0]!.n === lifecycle.length - signedCount &&
        h!.n === HOUSEHOLD_LINKS.length
      )
        break;
      if (Date.now() > deadline) throw new Error(`projection incomplete: ${q!.n}/${events.length} events`);
      await new Promise((r) => setTimeout(r, 100));
    }
  });
  afterAll(async () => {
    await server?.stop();
  });

  const getAt = async (path: string, period: AnalyticsPeriod, version: number | null) => {
    const query = `period=${period}${version === null ? '' : `&version=${version}`}`;
    const res = await fetch(`${server.url}${path}?${query}`, { headers: { cookie: ADMIN } });
    expect(res.status).toBe(200);
    return res.json();
  };

  it('generated a mix worth checking', () => {
    expect(SESSIONS.filter((s) => s.signed).length).toBeGreaterThan(10);
    expect(SESSIONS.filter((s) => s.drafted && !s.signed).length).toBeGreaterThan(0);
    const all = expectedDashboard(SESSIONS, 'all', NOW, new Set(HOUSEHOLD_LINKS));
    expect(all.difficulty).toHaveLength(18);
    expect(new Set(all.difficulty.map((q) => q.difficulty)).size).toBeGreaterThan(1);
    expect(
      all.difficulty.some((q) => q.answerChangesCompleted !== null && q.answerChangesAbandoned !== null),
    ).toBe(true);
    expect(all.devices).toHaveLength(3);
    // Some assessments in households, not all.
    expect(all.summary.householdShare).toBeGreaterThan(0);
    expect(all.summary.householdShare).toBeLessThan(100);
    expect(expectedDashboard(SESSIONS, '24h', NOW).dropOff.length).toBeGreaterThan(0);
    expect(expectedDashboard(SESSIONS, '24h', NOW).summary.totalAssessments).toBeLessThan(
      all.summary.totalAssessments,
    );
    // Drafts not yet signed are started, not signed: the two counts differ.
    expect(all.summary.signedAssessments).toBeGreaterThan(0);
    expect(all.summary.signedAssessments).toBeLessThan(all.summary.totalAssessments);
    expect(
      all.recent.some((r) => r.status === 'started') && all.recent.some((r) => r.status === 'signed'),
    ).toBe(true);
    // Each version has sessions that viewed q1 and signed: each filtered figure has something to count.
    for (const version of [1, 2]) {
      const ofVersion = expectedDashboard(sessionsOf(version), 'all', NOW, new Set(HOUSEHOLD_LINKS));
      expect(ofVersion.summary.completionRate).toBeGreaterThan(0);
      expect(ofVersion.summary.signedAssessments).toBeLessThan(all.summary.signedAssessments);
    }
  });

  /** The sessions of one questionnaire version, or (null) every one. */
  const sessionsOf = (version: number | null) =>
    version === null ? SESSIONS : SESSIONS.filter((s) => versionOf(s) === version);

  // Without a version, every version's figures; with one, that version's alone.
  describe.each([
    ['all', null],
    ['30d', null],
    ['7d', null],
    ['24h', null],
    ['all', 1],
    ['all', 2],
    ['7d', 2],
  ] as const)('period %s, questionnaire version %s', (period, version) => {
    const expected = expectedDashboard(sessionsOf(version), period, NOW, new Set(HOUSEHOLD_LINKS));
    const get = (path: string) => getAt(path, period, version);

    it('question-difficulty', async () => {
      expect(await get(ENDPOINT_ROUTES.questionDifficulty.path)).toEqual(expected.difficulty);
    });

    it('drop-off', async () => {
      expect(await get(ENDPOINT_ROUTES.dropOff.path)).toEqual(expected.dropOff);
    });

    it('summary', async () => {
      expect(await get(ENDPOINT_ROUTES.analyticsSummary.path)).toEqual({
        ...expected.summary,
        mostDifficultQuestion: mostDifficultQuestion(expected.difficulty),
        // The filter's options, whatever the filter.
        questionnaireVersions: [1, 2],
      });
    });

    it('devices', async () => {
      expect(await get(ENDPOINT_ROUTES.deviceStats.path)).toEqual(expected.devices);
    });

    it('assessments/recent', async () => {
      const recent = (await get(ENDPOINT_ROUTES.recentAssessments.path)) as RecentAssessments;
      expect(recent).toEqual(expected.recent);
    });
  });
});
