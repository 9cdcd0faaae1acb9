import {
  createAdviserEndpoint,
  disableAccountEndpoint,
  enableAccountEndpoint,
  listAdminAccountsEndpoint,
  listAdminAdvisersEndpoint,
  resetAccountPasswordEndpoint,
  setPasswordEndpoint,
  updateAdviserEndpoint,
} from './admin-accounts';
import { getAdviserEndpoint } from './advisers';
import {
  analystQueryLogEndpoint,
  createAnalystEndpoint,
  createAnalystTokenEndpoint,
  listAnalystTokensEndpoint,
  revokeAnalystTokenEndpoint,
  setAnalystAccessEndpoint,
} from './analyst';
import {
  analyticsAdvisersEndpoint,
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
import {
  eraseSubjectEndpoint,
  erasureAuditEndpoint,
  exportSubjectEndpoint,
  findSubjectAssessmentsEndpoint,
} from './data-requests';
import { displaySettingsEndpoint } from './display-settings';
import type { EndpointDefinition } from './endpoint';
import {
  resolveShortLinkEndpoint,
  sendQuestionnaireLinkEndpoint,
  verifyQuestionnaireLinkEndpoint,
} from './questionnaire-links';
import {
  accessLogEndpoint,
  adminReportPdfEndpoint,
  adviserReportPdfEndpoint,
  adviserResendReportEndpoint,
  exportAdminRecordsEndpoint,
  getAdminRecordEndpoint,
  getAdviserRecordEndpoint,
  listAdminRecordsEndpoint,
  listAdviserRecordsEndpoint,
  listSentLinksEndpoint,
} from './records';

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
  resolveShortLink: resolveShortLinkEndpoint,
  createAssessment: createAssessmentEndpoint,
  signAssessment: signAssessmentEndpoint,
  ingestQuestionEvents: ingestQuestionEventsEndpoint,
  analyticsSummary: analyticsSummaryEndpoint,
  questionDifficulty: questionDifficultyEndpoint,
  dropOff: dropOffEndpoint,
  deviceStats: deviceStatsEndpoint,
  recentAssessments: recentAssessmentsEndpoint,
  analyticsStream: analyticsStreamEndpoint,
  analyticsAdvisers: analyticsAdvisersEndpoint,
  listAdviserRecords: listAdviserRecordsEndpoint,
  getAdviserRecord: getAdviserRecordEndpoint,
  adviserReportPdf: adviserReportPdfEndpoint,
  adviserResendReport: adviserResendReportEndpoint,
  listSentLinks: listSentLinksEndpoint,
  listAdminRecords: listAdminRecordsEndpoint,
  getAdminRecord: getAdminRecordEndpoint,
  adminReportPdf: adminReportPdfEndpoint,
  exportAdminRecords: exportAdminRecordsEndpoint,
  accessLog: accessLogEndpoint,
  listAdminAdvisers: listAdminAdvisersEndpoint,
  listAdminAccounts: listAdminAccountsEndpoint,
  createAdviser: createAdviserEndpoint,
  updateAdviser: updateAdviserEndpoint,
  disableAccount: disableAccountEndpoint,
  enableAccount: enableAccountEndpoint,
  resetAccountPassword: resetAccountPasswordEndpoint,
  setPassword: setPasswordEndpoint,
  findSubjectAssessments: findSubjectAssessmentsEndpoint,
  exportSubject: exportSubjectEndpoint,
  eraseSubject: eraseSubjectEndpoint,
  erasureAudit: erasureAuditEndpoint,
  listAnalystTokens: listAnalystTokensEndpoint,
  createAnalystToken: createAnalystTokenEndpoint,
  revokeAnalystToken: revokeAnalystTokenEndpoint,
  createAnalyst: createAnalystEndpoint,
  setAnalystAccess: setAnalystAccessEndpoint,
  analystQueryLog: analystQueryLogEndpoint,
  displaySettings: displaySettingsEndpoint,
} as const satisfies Record<string, EndpointDefinition>;

export type EndpointName = keyof typeof ENDPOINTS;
