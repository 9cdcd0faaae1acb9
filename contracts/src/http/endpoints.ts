import { getAdviserEndpoint } from './advisers';
import {
  analyticsStreamEndpoint,
  analyticsSummaryEndpoint,
  deviceStatsEndpoint,
  dropOffEndpoint,
  ingestQuestionEventsEndpoint,
  questionDifficultyEndpoint,
  recentAssessmentsEndpoint,
} from './analytics';
import { createAssessmentEndpoint, signAssessmentEndpoint } from './assessments';
import {
  adminLoginEndpoint,
  adminLogoutEndpoint,
  adminMeEndpoint,
  getCurrentUserEndpoint,
  loginEndpoint,
  logoutEndpoint,
} from './auth';
import type { EndpointDefinition } from './endpoint';
import { sendQuestionnaireLinkEndpoint, verifyQuestionnaireLinkEndpoint } from './questionnaire-links';

/** Every public endpoint; the gateway routes each path to the `service` named here. */
export const ENDPOINTS = {
  getCurrentUser: getCurrentUserEndpoint,
  login: loginEndpoint,
  logout: logoutEndpoint,
  adminLogin: adminLoginEndpoint,
  adminMe: adminMeEndpoint,
  adminLogout: adminLogoutEndpoint,
  getAdviser: getAdviserEndpoint,
  sendQuestionnaireLink: sendQuestionnaireLinkEndpoint,
  verifyQuestionnaireLink: verifyQuestionnaireLinkEndpoint,
  createAssessment: createAssessmentEndpoint,
  signAssessment: signAssessmentEndpoint,
  ingestQuestionEvents: ingestQuestionEventsEndpoint,
  analyticsSummary: analyticsSummaryEndpoint,
  questionDifficulty: questionDifficultyEndpoint,
  dropOff: dropOffEndpoint,
  deviceStats: deviceStatsEndpoint,
  recentAssessments: recentAssessmentsEndpoint,
  analyticsStream: analyticsStreamEndpoint,
} as const satisfies Record<string, EndpointDefinition>;

export type EndpointName = keyof typeof ENDPOINTS;
