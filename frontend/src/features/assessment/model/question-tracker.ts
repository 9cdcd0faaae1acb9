import {
  type AnswerScore,
  CURRENT_QUESTIONNAIRE_VERSION,
  type DeviceType,
  type QuestionEvent,
  type ResponseKey,
  type Responses,
} from '@risk-profile/contracts';

interface TrackedQuestion {
  viewedAt: number;
  answeredAt: number | null;
  answerChanges: number;
  finalAnswer: AnswerScore | null;
}

/**
 * What the analytics know of one questionnaire session, and the events not yet sent. Pure: the
 * caller passes the clock, so tests pin time.
 */
export interface TrackerState {
  sessionId: string;
  deviceType: DeviceType;
  questions: Partial<Record<ResponseKey, TrackedQuestion>>;
  pending: readonly QuestionEvent[];
}

export function createTracker(sessionId: string, deviceType: DeviceType): TrackerState {
  return { sessionId, deviceType, questions: {}, pending: [] };
}

/**
 * Marks questions answered before this session (restored progress) as known, so that seeing them
 * again is neither a new view nor, never being answered again, a false drop-off.
 */
export function seedAnswered(state: TrackerState, responses: Responses, now: number): TrackerState {
  const questions = { ...state.questions };
  for (const [id, score] of Object.entries(responses) as [ResponseKey, AnswerScore | undefined][]) {
    if (score === undefined) continue;
    questions[id] ??= { viewedAt: now, answeredAt: now, answerChanges: 0, finalAnswer: score };
  }
  return { ...state, questions };
}

function toEvent(state: TrackerState, id: ResponseKey, tracked: TrackedQuestion): QuestionEvent {
  return {
    sessionId: state.sessionId,
    questionId: id,
    questionViewedAt: new Date(tracked.viewedAt).toISOString(),
    questionAnsweredAt: tracked.answeredAt === null ? null : new Date(tracked.answeredAt).toISOString(),
    timeSpent: tracked.answeredAt === null ? 0 : Math.max(0, tracked.answeredAt - tracked.viewedAt),
    answerChanges: tracked.answerChanges,
    finalAnswer: tracked.finalAnswer,
    deviceType: state.deviceType,
    questionnaireVersion: CURRENT_QUESTIONNAIRE_VERSION,
  };
}

/** The first view of a question queues a view event (answeredAt null); later views change nothing. */
export function recordView(state: TrackerState, id: ResponseKey, now: number): TrackerState {
  if (state.questions[id]) return state;
  const tracked: TrackedQuestion = { viewedAt: now, answeredAt: null, answerChanges: 0, finalAnswer: null };
  return {
    ...state,
    questions: { ...state.questions, [id]: tracked },
    pending: [...state.pending, toEvent(state, id, tracked)],
  };
}

/**
 * An answer queues an answer event carrying the time from first view to this answer and how many
 * times an earlier answer was changed. An unsent answer event for the same question is replaced,
 * so a batch carries only the latest state of each question.
 */
export function recordAnswer(
  state: TrackerState,
  id: ResponseKey,
  score: AnswerScore,
  now: number,
): TrackerState {
  const viewed = recordView(state, id, now);
  const previous = viewed.questions[id]!;
  const changed = previous.finalAnswer !== null && previous.finalAnswer !== score;
  if (previous.finalAnswer === score) return viewed;
  const tracked: TrackedQuestion = {
    viewedAt: previous.viewedAt,
    answeredAt: now,
    answerChanges: previous.answerChanges + (changed ? 1 : 0),
    finalAnswer: score,
  };
  const pending = viewed.pending.filter(
    (event) => !(event.questionId === id && event.questionAnsweredAt !== null),
  );
  return {
    ...viewed,
    questions: { ...viewed.questions, [id]: tracked },
    pending: [...pending, toEvent(viewed, id, tracked)],
  };
}

/** Hands over the queued events and empties the queue. */
export function takePending(state: TrackerState): [readonly QuestionEvent[], TrackerState] {
  if (state.pending.length === 0) return [[], state];
  return [state.pending, { ...state, pending: [] }];
}
