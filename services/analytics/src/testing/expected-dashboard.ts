import { type AnalyticsPeriod, capacityRecordOf, type DeviceType } from '@risk-profile/contracts';
import { ABANDONED_AFTER_MS, difficultyOf, percent, periodStart, round1 } from '../dashboard/definitions';
import type { GeneratedSession } from './generated-sessions';

/*
 * The dashboard's numbers computed a second way, in plain TypeScript over the generated sessions,
 * to check the ClickHouse queries against. Only the rounding and the bands are shared (they have
 * their own unit tests); every count, join and average is done here independently.
 */

const ms = Date.parse;
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  // Of an even count, the mean of the two middle values, rounded to the millisecond.
  return s.length % 2 === 1 ? s[mid]! : Math.round((s[mid - 1]! + s[mid]!) / 2);
};

function perQuestion(sessions: GeneratedSession[], since: number) {
  const byQuestion = new Map<
    number,
    { id: string; viewed: number; answered: { time: number; changes: number; session: GeneratedSession }[] }
  >();
  for (const session of sessions) {
    const byQ = new Map<number, { viewedAt: number; answered: boolean; time: number; changes: number }>();
    for (const e of session.events) {
      const n = Number(e.questionId.slice(1));
      const cur = byQ.get(n) ?? { viewedAt: ms(e.questionViewedAt), answered: false, time: 0, changes: 0 };
      if (e.questionAnsweredAt !== null) {
        cur.answered = true;
        cur.time = Math.max(cur.time, e.timeSpent);
        cur.changes = Math.max(cur.changes, e.answerChanges);
      }
      byQ.set(n, cur);
    }
    for (const [n, q] of byQ) {
      if (q.viewedAt < since) continue;
      const entry = byQuestion.get(n) ?? { id: `q${n}`, viewed: 0, answered: [] };
      entry.viewed++;
      if (q.answered) entry.answered.push({ time: q.time, changes: q.changes, session });
      byQuestion.set(n, entry);
    }
  }
  return [...byQuestion.entries()].sort(([a], [b]) => a - b).map(([, v]) => v);
}

function outcome(session: GeneratedSession, now: number): 'completed' | 'abandoned' | 'active' {
  if (session.signed) return 'completed';
  const last = Math.max(
    ...session.events.map((e) =>
      Math.max(ms(e.questionViewedAt), e.questionAnsweredAt ? ms(e.questionAnsweredAt) : 0),
    ),
  );
  return now - last >= ABANDONED_AFTER_MS ? 'abandoned' : 'active';
}

/** `householdLinks`: the links of the households created (their members' questionnaire links). */
export function expectedDashboard(
  sessions: GeneratedSession[],
  period: AnalyticsPeriod,
  nowDate: Date,
  householdLinks: ReadonlySet<string> = new Set(),
) {
  const now = nowDate.getTime();
  const since = periodStart(period, nowDate)?.getTime() ?? 0;
  const questions = perQuestion(sessions, since);

  const difficulty = questions
    .filter((q) => q.answered.length > 0)
    .map((q) => {
      const averageTime = Math.round(mean(q.answered.map((a) => a.time)));
      const answerChanges = round1(mean(q.answered.map((a) => a.changes)));
      const completed = q.answered.filter((a) => outcome(a.session, now) === 'completed');
      const abandoned = q.answered.filter((a) => outcome(a.session, now) === 'abandoned');
      return {
        questionId: q.id,
        difficulty: difficultyOf(averageTime, answerChanges),
        averageTime,
        answerChanges,
        medianTime: median(q.answered.map((a) => a.time)),
        answeredSessions: q.answered.length,
        answerChangesCompleted: completed.length ? round1(mean(completed.map((a) => a.changes))) : null,
        answerChangesAbandoned: abandoned.length ? round1(mean(abandoned.map((a) => a.changes))) : null,
      };
    });

  const dropOff = questions.map((q) => ({
    questionId: q.id,
    dropOffRate: percent(q.viewed - q.answered.length, q.viewed),
  }));

  const firstView = (s: GeneratedSession) => Math.min(...s.events.map((e) => ms(e.questionViewedAt)));
  const q1Viewers = sessions.filter((s) =>
    s.events.some((e) => e.questionId === 'q1' && ms(e.questionViewedAt) >= since),
  );
  const signedInPeriod = sessions.filter((s) => s.signed && ms(s.signed.data.signedAt) >= since);
  // An assessment whose session sent no question event has no time from first view to signing.
  const duration = (s: GeneratedSession) =>
    s.events.length === 0 ? null : Math.max(0, ms(s.signed!.data.signedAt) - firstView(s));
  const durations = signedInPeriod.map(duration).filter((d) => d !== null);

  // By the device the assessment records (none without an analytics session).
  const devices = new Map<DeviceType, { count: number; durations: number[] }>();
  for (const s of signedInPeriod) {
    const deviceType = s.signed!.data.deviceType;
    if (deviceType === null) continue;
    const entry = devices.get(deviceType) ?? { count: 0, durations: [] };
    entry.count++;
    const d = duration(s);
    if (d !== null) entry.durations.push(d);
    devices.set(deviceType, entry);
  }

  const created = sessions.filter((s) => s.drafted && ms(s.drafted.data.createdAt) >= since);
  // Every generated signed event has its answers, so every one has a known flag.
  const signedCreated = created.filter((s) => s.signed);
  const withWarning = signedCreated.filter((s) => capacityRecordOf(s.signed!.data).warnings.length > 0);
  const inHouseholds = created.filter((s) => householdLinks.has(s.drafted!.data.linkId ?? ''));
  return {
    summary: {
      totalAssessments: created.length,
      signedAssessments: created.filter((s) => s.signed).length,
      completionRate:
        q1Viewers.length === 0 ? null : percent(q1Viewers.filter((s) => s.signed).length, q1Viewers.length),
      averageTimePerAssessment: durations.length ? Math.round(mean(durations)) : null,
      capacityWarningShare:
        signedCreated.length === 0 ? null : percent(withWarning.length, signedCreated.length),
      householdShare: created.length === 0 ? null : percent(inHouseholds.length, created.length),
    },
    difficulty,
    dropOff,
    devices: [...devices.entries()]
      .map(([deviceType, entry]) => ({
        deviceType,
        count: entry.count,
        averageCompletionTime: entry.durations.length ? Math.round(mean(entry.durations)) : 0,
      }))
      .sort((a, b) => b.count - a.count || a.deviceType.localeCompare(b.deviceType)),
    recent: created
      .sort((a, b) => ms(b.drafted!.data.createdAt) - ms(a.drafted!.data.createdAt))
      .slice(0, 50)
      .map((s) => ({
        id: s.drafted!.data.assessmentId,
        status: s.signed ? 'signed' : 'started',
        clientName: s.drafted!.data.clientName,
        clientEmail: s.drafted!.data.clientEmail,
        createdAt: new Date(s.drafted!.data.createdAt).toISOString(),
        selectedProfile: s.drafted!.data.selectedProfile,
        riskScore: s.drafted!.data.riskScore,
      })),
  };
}
