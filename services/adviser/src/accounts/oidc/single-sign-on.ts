import type { SsoSignInPage } from '@risk-profile/contracts';
import type { Logger, SessionCookie, SessionTokens, SqlClient } from '@risk-profile/platform';
import type { Express } from 'express';
import { mountOidcCallback } from './oidc-callback.route';
import { createOidcClient } from './oidc-client';
import { type OidcConfigKeys, oidcSettings } from './oidc-config';
import { oidcFlowCookie } from './oidc-flow-cookie';
import { mountOidcLogin } from './oidc-login.route';
import { oidcLogoutUrl } from './oidc-logout.handler';
import { mountSignInOptions } from './sign-in-options.route';

export { OIDC_MIGRATIONS } from './oidc-sign-ins';

export interface SingleSignOnDeps {
  config: OidcConfigKeys & { SESSION_SECRET: string };
  sql: SqlClient;
  tokens: SessionTokens;
  sessionCookie: SessionCookie;
  clock: () => Date;
  logger: Logger;
}

/**
 * Single sign-on with OpenID Connect: its routes (sign-in options, login redirect, callback) and
 * the provider's logout URL for the logout routes. Without OIDC_ISSUER the options say no and
 * the two redirects lead back to the sign-in page.
 */
export function singleSignOn(deps: SingleSignOnDeps) {
  const settings = oidcSettings(deps.config);
  const oidc = settings ? createOidcClient(settings, deps.clock) : null;
  const flowCookie = oidcFlowCookie(
    deps.config.SESSION_SECRET,
    deps.config.PUBLIC_URL ?? 'http://localhost',
    deps.clock,
  );
  return {
    mount(app: Express): void {
      mountSignInOptions(app, { sso: oidc !== null });
      mountOidcLogin(app, { ...deps, oidc, flowCookie });
      mountOidcCallback(app, { ...deps, oidc, flowCookie });
    },
    logoutUrl: (sessionId: string, page: SsoSignInPage) => oidcLogoutUrl({ ...deps, oidc }, sessionId, page),
  };
}
