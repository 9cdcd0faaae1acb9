import { describe, expect, it } from 'vitest';
import {
  analyticsPeriodQuerySchema,
  analyticsSummarySchema,
  QUESTION_EVENT_TIME_MESSAGE,
  questionEventIngestBodySchema,
  questionEventSchema,
  questionEventTimesOutside,
  recentAssessmentsSchema,
} from './analytics';
import { MAX_QUESTION_EVENT_BATCH } from './limits';

const event = {
  sessionId: 'session-1',
  questionId: 'q3',
  questionViewedAt: '2026-01-10T09:00:00.000Z',
  questionAnsweredAt: '2026-01-10T09:00:04.500Z',
  timeSpent: 4500,
  answerChanges: 1,
  finalAnswer: 4,
  deviceType: 'mobile',
} as const;

const pathsOf = (input: unknown) =>
  questionEventIngestBodySchema.safeParse(input).error?.issues.map((issue) => issue.path.join('.')) ?? [];

describe('questionEventSchema', () => {
  it.each([
    ['an answer', event],
    ['a view', { ...event, questionAnsweredAt: null, timeSpent: 0, answerChanges: 0, finalAnswer: null }],
    ['q18 on a tablet', { ...event, questionId: 'q18', deviceType: 'tablet' }],
    ['a full day spent', { ...event, timeSpent: 86_400_000 }],
  ])('accepts %s', (_, input) => {
    expect(questionEventSchema.parse(input)).toEqual(input);
  });

  it.each([
    ['q0', { questionId: 'q0' }, 'questionId'],
    ['q19', { questionId: 'q19' }, 'questionId'],
    ['an empty session', { sessionId: '' }, 'sessionId'],
    ['a long session id', { sessionId: 's'.repeat(101) }, 'sessionId'],
    ['a non-ISO view time', { questionViewedAt: 'yesterday' }, 'questionViewedAt'],
    ['negative time', { timeSpent: -1 }, 'timeSpent'],
    ['fractional time', { timeSpent: 1.5 }, 'timeSpent'],
    ['over a day', { timeSpent: 86_400_001 }, 'timeSpent'],
    ['too many changes', { answerChanges: 1001 }, 'answerChanges'],
    ['answer 0', { finalAnswer: 0 }, 'finalAnswer'],
    ['answer 6', { finalAnswer: 6 }, 'finalAnswer'],
    ['an unknown device', { deviceType: 'watch' }, 'deviceType'],
  ])('refuses %s', (_, change, path) => {
    expect(questionEventSchema.safeParse({ ...event, ...change }).error?.issues[0]?.path).toEqual([path]);
  });
});

describe('questionEventIngestBodySchema', () => {
  it('turns a single event into a list of one', () => {
    expect(questionEventIngestBodySchema.parse(event)).toEqual([event]);
  });

  it.each([1, 2, MAX_QUESTION_EVENT_BATCH])('accepts a batch of %i', (size) => {
    const events = Array.from({ length: size }, () => event);
    expect(questionEventIngestBodySchema.parse({ events })).toEqual(events);
  });

  it.each([
    ['an empty batch', { events: [] }, ['events']],
    [
      'an oversized batch',
      { events: Array.from({ length: MAX_QUESTION_EVENT_BATCH + 1 }, () => event) },
      ['events'],
    ],
    [
      'a batch with one bad event',
      { events: [event, { ...event, finalAnswer: 9 }] },
      ['events.1.finalAnswer'],
    ],
    ['a batch that is not a list', { events: event }, ['events']],
    ['a single event with a bad field', { ...event, questionId: 'q42' }, ['questionId']],
    ['null', null, ['']],
    ['a list without the wrapper', [event], ['']],
    [
      'an answer before its view',
      { ...event, questionAnsweredAt: '2026-01-10T08:59:59.999Z' },
      ['questionAnsweredAt'],
    ],
    [
      'a batch with an answer before its view',
      { events: [event, { ...event, questionAnsweredAt: '2026-01-10T08:00:00+00:00' }] },
      ['events.1.questionAnsweredAt'],
    ],
  ])('refuses %s, pointing at %j', (_, input, paths) => {
    expect(pathsOf(input)).toEqual(paths);
  });

  it('takes an answer at the instant of its view, whatever the offsets say', () => {
    const sameInstant = { ...event, questionAnsweredAt: '2026-01-10T19:00:00.000+10:00', timeSpent: 0 };
    expect(pathsOf(sameInstant)).toEqual([]);
  });
});

describe('questionEventTimesOutside', () => {
  const now = new Date('2026-01-10T09:00:10.000Z');
  const at = (iso: string) => ({ ...event, questionViewedAt: iso, questionAnsweredAt: iso });

  it('accepts times from 48 hours before to 10 minutes after now', () => {
    const edges = [at('2026-01-08T09:00:10.000Z'), at('2026-01-10T09:10:10.000Z'), event];
    expect(questionEventTimesOutside(edges, now, true)).toEqual([]);
  });

  it.each([
    ['year 9999', '9999-12-31T23:59:59.999Z'],
    ['year 0001', '0001-01-01T00:00:00.000Z'],
    ['just over 48 hours old', '2026-01-08T09:00:09.999Z'],
    ['just over 10 minutes ahead', '2026-01-10T09:10:10.001Z'],
  ])('names both times of an event dated %s, by their paths', (_, iso) => {
    const issues = questionEventTimesOutside([event, at(iso)], now, true);
    expect(issues).toEqual([
      { path: 'events.1.questionViewedAt', message: QUESTION_EVENT_TIME_MESSAGE },
      { path: 'events.1.questionAnsweredAt', message: QUESTION_EVENT_TIME_MESSAGE },
    ]);
    expect(questionEventTimesOutside([at(iso)], now, false).map((issue) => issue.path)).toEqual([
      'questionViewedAt',
      'questionAnsweredAt',
    ]);
  });
});

describe('analytics read models', () => {
  it('bounds the completion rate to a percentage', () => {
    const summary = {
      totalAssessments: 3,
      signedAssessments: 2,
      completionRate: 42.5,
      averageTimePerAssessment: 61_000,
      mostDifficultQuestion: null,
      capacityWarningShare: 50,
      householdShare: 33.3,
      questionnaireVersions: [1, 2],
    };
    expect(analyticsSummarySchema.parse(summary)).toEqual(summary);
    expect(analyticsSummarySchema.safeParse({ ...summary, completionRate: 100.1 }).success).toBe(false);
    expect(analyticsSummarySchema.safeParse({ ...summary, capacityWarningShare: 100.1 }).success).toBe(false);
    expect(analyticsSummarySchema.safeParse({ ...summary, householdShare: 100.1 }).success).toBe(false);
    expect(analyticsSummarySchema.safeParse({ ...summary, householdShare: -0.1 }).success).toBe(false);
    expect(analyticsSummarySchema.safeParse({ ...summary, questionnaireVersions: [0] }).success).toBe(false);
  });

  it('says "nothing" with null rather than a made-up rate or question', () => {
    const empty = {
      totalAssessments: 0,
      signedAssessments: 0,
      completionRate: null,
      averageTimePerAssessment: null,
      mostDifficultQuestion: null,
      capacityWarningShare: null,
      householdShare: null,
      questionnaireVersions: [],
    };
    expect(analyticsSummarySchema.parse(empty)).toEqual(empty);
    const { signedAssessments: _, ...withoutSigned } = empty;
    expect(analyticsSummarySchema.safeParse(withoutSigned).success).toBe(false);
    const { householdShare: __, ...withoutHouseholds } = empty;
    expect(analyticsSummarySchema.safeParse(withoutHouseholds).success).toBe(false);
  });

  it('names the selected profile of recent assessments by the profile names', () => {
    const row = {
      id: '0b6b8f4e-8a53-4d0e-9a59-0d1b0a7f2c11',
      clientName: 'Jo',
      status: 'signed',
      clientEmail: null,
      createdAt: '2026-01-10T09:00:00.000Z',
      selectedProfile: 'Balanced',
      riskScore: 40,
    };
    expect(recentAssessmentsSchema.parse([row])).toEqual([row]);
    expect(recentAssessmentsSchema.parse([{ ...row, status: 'started' }])[0]?.status).toBe('started');
    expect(recentAssessmentsSchema.safeParse([{ ...row, status: 'drafted' }]).success).toBe(false);
    expect(recentAssessmentsSchema.safeParse([{ ...row, selectedProfile: 'Aggressive' }]).success).toBe(
      false,
    );
  });
});

describe('analyticsPeriodQuerySchema', () => {
  it.each(['24h', '7d', '30d', 'all'] as const)('accepts %s', (period) => {
    expect(analyticsPeriodQuerySchema.parse({ period })).toEqual({ period });
  });

  it('defaults to all', () => {
    expect(analyticsPeriodQuerySchema.parse({})).toEqual({ period: 'all' });
  });

  it('refuses anything else with one sentence', () => {
    const result = analyticsPeriodQuerySchema.safeParse({ period: '1y' });
    expect(result.error?.issues[0]?.message).toBe('Period must be one of 24h, 7d, 30d or all.');
  });

  it('takes a questionnaire version as a number from the query string, or none', () => {
    expect(analyticsPeriodQuerySchema.parse({ version: '2' })).toEqual({ period: 'all', version: 2 });
    expect(analyticsPeriodQuerySchema.parse({ version: '65535' }).version).toBe(65_535);
    expect(analyticsPeriodQuerySchema.parse({ period: '7d' })).not.toHaveProperty('version');
  });

  it.each(['0', '-1', '1.5', 'two', '', '65536', '1e9'])(
    'refuses the version %j with one sentence',
    (version) => {
      const result = analyticsPeriodQuerySchema.safeParse({ version });
      expect(result.error?.issues.map((issue) => issue.message)).toEqual([
        'Version must be a questionnaire version: a whole number from 1 to 65535.',
      ]);
    },
  );
});
