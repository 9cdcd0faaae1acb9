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
import { matchPath } from './routes';

export * from './advisers';
export * from './analytics';
export * from './assessments';
export * from './auth';
export * from './endpoint';
export * from './limits';
export * from './primitives';
export * from './questionnaire-links';
export * from './routes';

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

export interface EndpointMatch {
  name: EndpointName;
  endpoint: EndpointDefinition;
  params: Record<string, string>;
}

/** The endpoint a request is for, by method and path (without query string), or undefined. */
export function findEndpoint(method: string, pathname: string): EndpointMatch | undefined {
  for (const [name, endpoint] of Object.entries(ENDPOINTS) as [EndpointName, EndpointDefinition][]) {
    if (endpoint.method !== method.toUpperCase()) continue;
    const params = matchPath(endpoint.path, pathname);
    if (params) return { name, endpoint, params };
  }
  return undefined;
}
