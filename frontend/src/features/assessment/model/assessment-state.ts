import {
  type AnswerScore,
  type Assessment,
  type ConsistencyIssue,
  type ConsistencyNoteSeen,
  checkConsistency,
  firstUnanswered,
  type ProfileName,
  QUESTION_COUNT,
  type QuestionNumber,
  type Responses,
  responseKey,
  SCORED_QUESTION_COUNT,
  trackConsistencyNotes,
} from '@risk-profile/contracts';
import type { Step } from './steps';
import {
  type ClientDetails,
  type ClientField,
  validateClientDetails,
  validateQuestionnaire,
} from './validation';

export type Agreement = 'yes' | 'no';

/** Everything the client has entered or received on the way through the five steps. */
export interface AssessmentState {
  step: Step;
  client: ClientDetails;
  responses: Responses;
  /** 0-based index of the question being worked on. */
  currentQuestionIndex: number;
  consistencyIssues: ConsistencyIssue[];
  /** Every contradiction note shown so far, with the questions of it changed while it showed (for the record). */
  consistencyNotes: ConsistencyNoteSeen[];
  agreement: Agreement | null;
  selectedProfile: ProfileName | null;
  changeReason: string;
  riskAcknowledged: boolean;
  /**
   * The client confirmed CAPACITY_ACKNOWLEDGEMENT_STATEMENT for the profile they keep or choose;
   * cleared when that profile changes, since the warnings it answered change with it.
   */
  capacityAcknowledged: boolean;
  exclusions: string;
  preferences: string;
  /** The draft (then signed) assessment as the server returned it. */
  assessment: Assessment | null;
  signature: { signedAt: string } | null;
}

export const initialAssessmentState: AssessmentState = {
  step: 'welcome',
  client: { name: '', email: '', phone: '' },
  responses: {},
  currentQuestionIndex: 0,
  consistencyIssues: [],
  consistencyNotes: [],
  agreement: null,
  selectedProfile: null,
  changeReason: '',
  riskAcknowledged: false,
  capacityAcknowledged: false,
  exclusions: '',
  preferences: '',
  assessment: null,
  signature: null,
};

export type AssessmentEvent =
  | { type: 'clientChanged'; field: ClientField; value: string }
  | { type: 'clientPrefilled'; details: Partial<ClientDetails> }
  | { type: 'started' }
  | { type: 'answered'; question: QuestionNumber; score: AnswerScore }
  | { type: 'questionFocused'; question: QuestionNumber }
  | { type: 'resultsRequested' }
  | { type: 'reviewRequested' }
  | { type: 'agreementChosen'; agreement: Agreement }
  | { type: 'profileSelected'; profile: ProfileName }
  | { type: 'changeReasonChanged'; value: string }
  | { type: 'riskAcknowledgedChanged'; value: boolean }
  | { type: 'capacityAcknowledgedChanged'; value: boolean }
  | { type: 'draftCreated'; assessment: Assessment }
  | { type: 'exclusionsChanged'; value: string }
  | { type: 'preferencesChanged'; value: string }
  | { type: 'signed'; assessment: Assessment }
  | { type: 'restored'; state: AssessmentState }
  | { type: 'reset' };

function indexOfFirstUnanswered(responses: Responses): number {
  const missing = firstUnanswered(responses);
  return missing === undefined ? QUESTION_COUNT - 1 : missing - 1;
}

/**
 * The step machine. Each event is accepted only in the step it belongs to and only when the
 * step's rules allow it; anything else leaves the state untouched, so a stale click or a
 * double submission can never skip a check.
 */
export function assessmentReducer(state: AssessmentState, event: AssessmentEvent): AssessmentState {
  switch (event.type) {
    case 'clientChanged':
      if (state.step !== 'welcome') return state;
      return { ...state, client: { ...state.client, [event.field]: event.value } };
    case 'clientPrefilled':
      if (state.step !== 'welcome') return state;
      return { ...state, client: { ...state.client, ...event.details } };
    case 'started':
      if (state.step !== 'welcome' || validateClientDetails(state.client)) return state;
      return {
        ...state,
        step: 'questionnaire',
        currentQuestionIndex: indexOfFirstUnanswered(state.responses),
      };
    case 'answered': {
      if (state.step !== 'questionnaire') return state;
      const previous = state.responses[responseKey(event.question)];
      const responses = { ...state.responses, [responseKey(event.question)]: event.score };
      const consistencyIssues =
        event.question <= SCORED_QUESTION_COUNT ? checkConsistency(responses) : state.consistencyIssues;
      return {
        ...state,
        responses,
        currentQuestionIndex: Math.min(event.question, QUESTION_COUNT - 1),
        consistencyIssues,
        consistencyNotes: trackConsistencyNotes(
          state.consistencyNotes,
          { question: event.question, changed: previous !== undefined && previous !== event.score },
          state.consistencyIssues,
          consistencyIssues,
        ),
      };
    }
    case 'questionFocused':
      if (state.step !== 'questionnaire') return state;
      return { ...state, currentQuestionIndex: event.question - 1 };
    case 'resultsRequested': {
      if (state.step !== 'questionnaire') return state;
      const consistencyIssues = checkConsistency(state.responses);
      if (validateQuestionnaire(state.responses, consistencyIssues)) return { ...state, consistencyIssues };
      return { ...state, consistencyIssues, step: 'results' };
    }
    case 'reviewRequested':
      // Only before a draft exists: afterwards the answers are on record.
      if (state.step !== 'results' || state.assessment) return state;
      return { ...state, step: 'questionnaire' };
    case 'agreementChosen':
      if (state.step !== 'results') return state;
      if (event.agreement === state.agreement) return state;
      // The box ticked before the first answer was the recommended profile's, which YES keeps.
      if (state.agreement === null && event.agreement === 'yes') return { ...state, agreement: 'yes' };
      return { ...state, agreement: event.agreement, capacityAcknowledged: false };
    case 'profileSelected':
      if (state.step !== 'results') return state;
      if (event.profile === state.selectedProfile) return state;
      return { ...state, selectedProfile: event.profile, capacityAcknowledged: false };
    case 'changeReasonChanged':
      if (state.step !== 'results') return state;
      return { ...state, changeReason: event.value };
    case 'riskAcknowledgedChanged':
      if (state.step !== 'results') return state;
      return { ...state, riskAcknowledged: event.value };
    case 'capacityAcknowledgedChanged':
      // At signing too: a draft saved before the rule asks for it there.
      if (state.step !== 'results' && state.step !== 'confirmation') return state;
      return { ...state, capacityAcknowledged: event.value };
    case 'draftCreated':
      if (state.step !== 'results') return state;
      return {
        ...state,
        step: 'confirmation',
        assessment: event.assessment,
        selectedProfile: event.assessment.selectedProfile,
      };
    case 'exclusionsChanged':
      if (state.step !== 'confirmation') return state;
      return { ...state, exclusions: event.value };
    case 'preferencesChanged':
      if (state.step !== 'confirmation') return state;
      return { ...state, preferences: event.value };
    case 'signed':
      if (state.step !== 'confirmation' || event.assessment.status !== 'signed') return state;
      return {
        ...state,
        step: 'success',
        assessment: event.assessment,
        signature: { signedAt: event.assessment.signedAt },
      };
    case 'restored':
      return event.state;
    case 'reset':
      return initialAssessmentState;
    default: {
      const unhandled: never = event;
      return unhandled;
    }
  }
}
