import type { AnalyticsServiceModule } from '@risk-profile/analytics';
import { describeTarget, eventually } from '@risk-profile/platform/testing';
import { expect, it } from 'vitest';
import { useBrowserSuite } from './support/browser-suite';
import { agreeWithProfile, answersWith, CLIENT, reachResults, signAssessment } from './support/journey';
import { browserSkipReason } from './support/system';

const browserTarget = { name: 'Chromium', skipReason: browserSkipReason() };

// The client's half end to end, down to the stores; admin-dashboard-live.e2e.spec.ts watches it
// from the dashboard.
describeTarget('analytics from a real browser', browserTarget, () => {
  const suite = useBrowserSuite({ openAt: '/' });
  const analytics = () => suite.system.modules.find((m) => m.name === 'analytics') as AnalyticsServiceModule;

  it("a client's answers and signing reach ClickHouse within 2 s, with no personal data there", async () => {
    await reachResults(suite.page, answersWith({}, 3));
    const draft = await agreeWithProfile(suite.page);
    await signAssessment(suite.page);
    const signedAt = Date.now();
    const store = analytics().store;

    const [assessment] = await eventually(async () => {
      const rows = await store.select<{
        stage: number;
        session_id: string | null;
        device_type: string | null;
      }>(
        'SELECT stage, session_id, device_type FROM {db}.assessments FINAL WHERE assessment_id = {id:UUID}',
        { id: draft.id },
      );
      expect(rows).toMatchObject([{ stage: 2 }]);
      return rows;
    });
    expect(Date.now() - signedAt).toBeLessThan(2_000);
    expect(assessment!.session_id).toBeTruthy();
    expect(assessment!.device_type).toBe('mobile');

    // Every question was viewed and answered in that session (the page batches its events).
    const questions = await eventually(async () => {
      const rows = await store.select<{ question_id: string; answered: number }>(
        `SELECT question_id, countIf(answered_at IS NOT NULL) > 0 AS answered
         FROM {db}.question_events WHERE session_id = {s:String}
         GROUP BY question_number, question_id ORDER BY question_number`,
        { s: assessment!.session_id! },
      );
      expect(rows).toHaveLength(18);
      return rows;
    });
    expect(questions.every((q) => q.answered === 1)).toBe(true);

    // Names and emails stay in PostgreSQL: the recent list has them, ClickHouse does not.
    const { rows: recent } = await suite.system.platform.sql.query<{ client_name: string }>(
      'SELECT client_name FROM analytics_recent_assessments WHERE assessment_id = $1',
      [draft.id],
    );
    expect(recent).toEqual([{ client_name: CLIENT.name }]);
    // The search itself finds what is there (the session id), so a miss below means absence.
    const [sessionSeen] = await store.select<{ n: number }>(
      `SELECT count() AS n FROM {db}.question_events
       WHERE positionCaseInsensitive(toString(tuple(*)), {s:String}) > 0`,
      { s: assessment!.session_id! },
    );
    expect(sessionSeen!.n).toBeGreaterThan(0);
    for (const table of ['question_events', 'assessments']) {
      const [found] = await store.select<{ n: number }>(
        `SELECT count() AS n FROM {db}.${table}
         WHERE positionCaseInsensitive(toString(tuple(*)), {name:String}) > 0
            OR positionCaseInsensitive(toString(tuple(*)), {email:String}) > 0`,
        { name: CLIENT.name, email: CLIENT.email },
      );
      expect(found!.n).toBe(0);
    }
  });
});
