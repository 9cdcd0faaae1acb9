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
export * from './storable-text';

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

/**
 * Endpoints whose contract is written but whose service does not serve them yet. The gateway
 * answers them with a JSON 404 ("not available yet"), and a test fails when an endpoint is
 * neither served by its service nor listed here, or listed here and served: the list says
 * exactly which endpoints are live.
 */
export const PLANNED_ENDPOINTS: ReadonlySet<EndpointName> = new Set<EndpointName>([]);

export interface EndpointMatch {
  name: EndpointName;
  endpoint: EndpointDefinition;
  params: Record<string, string>;
}

/** The endpoint a request is for, by method and path (without query string), or undefined. */
export function findEndpoint(method: string, pathname: string): EndpointMatch | undefined {
  // HEAD is answered as GET by every server here.
  const wanted = method.toUpperCase() === 'HEAD' ? 'GET' : method.toUpperCase();
  for (const [name, endpoint] of Object.entries(ENDPOINTS) as [EndpointName, EndpointDefinition][]) {
    if (endpoint.method !== wanted) continue;
    const params = matchPath(endpoint.path, pathname);
    if (params) return { name, endpoint, params };
  }
  return undefined;
}
