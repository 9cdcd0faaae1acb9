import type { ENDPOINTS, EndpointName } from './endpoints';

/*
 * Where each endpoint lives, without its schemas: this module does not load zod, so a page can
 * send a request before (or without ever) loading the schemas that check the answer. The type
 * below holds the table to the method and path of every definition in ENDPOINTS.
 */
export const ENDPOINT_ROUTES = {
  getCurrentUser: { method: 'GET', path: '/api/auth/user' },
  login: { method: 'POST', path: '/api/auth/login' },
  logout: { method: 'POST', path: '/api/auth/logout' },
  adminLogin: { method: 'POST', path: '/api/admin/login' },
  adminMe: { method: 'GET', path: '/api/admin/me' },
  adminLogout: { method: 'POST', path: '/api/admin/logout' },
  signInOptions: { method: 'GET', path: '/api/auth/sign-in-options' },
  oidcLogin: { method: 'GET', path: '/api/auth/oidc/login' },
  oidcCallback: { method: 'GET', path: '/api/auth/oidc/callback' },
  getAdviser: { method: 'GET', path: '/api/advisers/:slug' },
  sendQuestionnaireLink: { method: 'POST', path: '/api/send-questionnaire-link' },
  verifyQuestionnaireLink: { method: 'POST', path: '/api/questionnaire-links/verify' },
  resolveShortLink: { method: 'POST', path: '/api/questionnaire-links/resolve' },
  getQuestionnaire: { method: 'GET', path: '/api/questionnaire' },
  createAssessment: { method: 'POST', path: '/api/assessments' },
  signAssessment: { method: 'POST', path: '/api/assessments/:id/sign' },
  ingestQuestionEvents: { method: 'POST', path: '/api/analytics/question' },
  analyticsSummary: { method: 'GET', path: '/api/admin/analytics/summary' },
  questionDifficulty: { method: 'GET', path: '/api/admin/analytics/question-difficulty' },
  dropOff: { method: 'GET', path: '/api/admin/analytics/drop-off' },
  deviceStats: { method: 'GET', path: '/api/admin/analytics/devices' },
  recentAssessments: { method: 'GET', path: '/api/admin/assessments/recent' },
  analyticsStream: { method: 'GET', path: '/api/admin/analytics/stream' },
  analyticsAdvisers: { method: 'GET', path: '/api/admin/analytics/advisers' },
  listAdviserRecords: { method: 'GET', path: '/api/adviser/assessments' },
  getAdviserRecord: { method: 'GET', path: '/api/adviser/assessments/:id' },
  adviserReportPdf: { method: 'GET', path: '/api/adviser/assessments/:id/report.pdf' },
  adviserResendReport: { method: 'POST', path: '/api/adviser/assessments/:id/resend' },
  listSentLinks: { method: 'GET', path: '/api/adviser/links' },
  listAdminRecords: { method: 'GET', path: '/api/admin/assessments' },
  getAdminRecord: { method: 'GET', path: '/api/admin/assessments/:id' },
  adminReportPdf: { method: 'GET', path: '/api/admin/assessments/:id/report.pdf' },
  exportAdminRecords: { method: 'GET', path: '/api/admin/assessments.csv' },
  accessLog: { method: 'GET', path: '/api/admin/access-log' },
  listAdminAdvisers: { method: 'GET', path: '/api/admin/advisers' },
  listAdminAccounts: { method: 'GET', path: '/api/admin/accounts' },
  createAdviser: { method: 'POST', path: '/api/admin/advisers' },
  updateAdviser: { method: 'PATCH', path: '/api/admin/advisers/:slug' },
  disableAccount: { method: 'POST', path: '/api/admin/accounts/:id/disable' },
  enableAccount: { method: 'POST', path: '/api/admin/accounts/:id/enable' },
  resetAccountPassword: { method: 'POST', path: '/api/admin/accounts/:id/reset-password' },
  setPassword: { method: 'POST', path: '/api/auth/set-password' },
  findSubjectAssessments: { method: 'GET', path: '/api/admin/data-requests/assessments' },
  exportSubject: { method: 'GET', path: '/api/admin/data-requests/export.zip' },
  eraseSubject: { method: 'POST', path: '/api/admin/data-requests/erasures' },
  erasureAudit: { method: 'GET', path: '/api/admin/data-requests/erasures' },
  listAnalystTokens: { method: 'GET', path: '/api/analyst/tokens' },
  createAnalystToken: { method: 'POST', path: '/api/analyst/tokens' },
  revokeAnalystToken: { method: 'POST', path: '/api/analyst/tokens/:id/revoke' },
  createAnalyst: { method: 'POST', path: '/api/admin/analysts' },
  setAnalystAccess: { method: 'POST', path: '/api/admin/accounts/:id/analyst-access' },
  analystQueryLog: { method: 'GET', path: '/api/admin/analyst-queries' },
  displaySettings: { method: 'GET', path: '/api/display-settings' },
  getMfaStatus: { method: 'GET', path: '/api/auth/mfa' },
  setupTotp: { method: 'POST', path: '/api/auth/mfa/totp/setup' },
  confirmTotp: { method: 'POST', path: '/api/auth/mfa/totp/confirm' },
  disableTotp: { method: 'POST', path: '/api/auth/mfa/totp/disable' },
  verifyMfa: { method: 'POST', path: '/api/auth/mfa/verify' },
  listSessions: { method: 'GET', path: '/api/auth/sessions' },
  endSession: { method: 'DELETE', path: '/api/auth/sessions/:id' },
  resetSecondFactor: { method: 'POST', path: '/api/admin/accounts/:id/reset-second-factor' },
  listPasskeys: { method: 'GET', path: '/api/auth/passkeys' },
  passkeyRegistrationOptions: { method: 'POST', path: '/api/auth/passkeys/register/options' },
  registerPasskey: { method: 'POST', path: '/api/auth/passkeys/register/verify' },
  removePasskey: { method: 'DELETE', path: '/api/auth/passkeys/:id' },
  passkeySignInOptions: { method: 'POST', path: '/api/auth/passkeys/sign-in/options' },
  passkeySignIn: { method: 'POST', path: '/api/auth/passkeys/sign-in/verify' },
  mfaPasskeyOptions: { method: 'POST', path: '/api/auth/mfa/passkey/options' },
  verifyMfaPasskey: { method: 'POST', path: '/api/auth/mfa/passkey/verify' },
  createHousehold: { method: 'POST', path: '/api/adviser/households' },
  listHouseholds: { method: 'GET', path: '/api/adviser/households' },
  getHousehold: { method: 'GET', path: '/api/adviser/households/:id' },
  agreeHouseholdProfile: { method: 'POST', path: '/api/adviser/households/:id/agreed-profile' },
  getHouseholdConfirmation: { method: 'GET', path: '/api/household-confirmations' },
  confirmHouseholdProfile: { method: 'POST', path: '/api/household-confirmations' },
  householdReportPdf: { method: 'GET', path: '/api/adviser/households/:id/report.pdf' },
  createWebhook: { method: 'POST', path: '/api/admin/webhooks' },
  listWebhooks: { method: 'GET', path: '/api/admin/webhooks' },
  disableWebhook: { method: 'POST', path: '/api/admin/webhooks/:id/disable' },
  enableWebhook: { method: 'POST', path: '/api/admin/webhooks/:id/enable' },
  deleteWebhook: { method: 'DELETE', path: '/api/admin/webhooks/:id' },
  rotateWebhookSecret: { method: 'POST', path: '/api/admin/webhooks/:id/rotate-secret' },
  listWebhookDeliveries: { method: 'GET', path: '/api/admin/webhooks/:id/deliveries' },
  resendWebhookDelivery: { method: 'POST', path: '/api/admin/webhooks/:id/deliveries/:deliveryId/resend' },
} as const satisfies { readonly [N in EndpointName]: Pick<(typeof ENDPOINTS)[N], 'method' | 'path'> };

type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;
export type PathParams<P extends string> = { readonly [K in ParamNames<P>]: string | number };
type PathArgs<P extends string> = [ParamNames<P>] extends [never] ? [] : [params: PathParams<P>];

const PARAM = /:([A-Za-z][A-Za-z0-9_]*)/g;

/** The concrete path of an endpoint, each `:param` percent-encoded so a value cannot add segments. */
export function buildPath<E extends { readonly path: string }>(
  endpoint: E,
  ...args: PathArgs<E['path']>
): string {
  const params: Readonly<Record<string, string | number>> = args[0] ?? {};
  return endpoint.path.replace(PARAM, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter "${name}" for ${endpoint.path}`);
    return encodeURIComponent(String(value));
  });
}

/** The decoded `:params` when `pathname` fits the endpoint's path pattern, else null. */
export function matchPath(pattern: string, pathname: string): Record<string, string> | null {
  const patternParts = pattern.split('/');
  const parts = pathname.split('/');
  if (patternParts.length !== parts.length) return null;
  const params: Record<string, string> = {};
  for (const [index, expected] of patternParts.entries()) {
    const actual = parts[index] ?? '';
    if (!expected.startsWith(':')) {
      if (expected !== actual) return null;
      continue;
    }
    if (actual === '') return null;
    try {
      params[expected.slice(1)] = decodeURIComponent(actual);
    } catch {
      return null;
    }
  }
  return params;
}
