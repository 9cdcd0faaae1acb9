import type { SsoSignInPage } from '@risk-profile/contracts';
import type { Logger, SqlClient } from '@risk-profile/platform';
import * as client from 'openid-client';
import type { OidcClient } from './oidc-client';
import { takeOidcSignIn } from './oidc-sign-ins';

/**
 * Where the browser goes after our logout to end its session at the provider too (RP-initiated
 * logout): the provider's end_session_endpoint with the session's ID token as id_token_hint and the
 * sign-in page as post_logout_redirect_uri. Undefined for a session not begun by single sign-on, or
 * a provider that offers no such endpoint. The stored ID token is removed either way.
 */
export async function oidcLogoutUrl(
  deps: { sql: SqlClient; oidc: OidcClient | null; logger: Logger },
  sessionId: string,
  page: SsoSignInPage,
): Promise<string | undefined> {
  const idToken = await takeOidcSignIn(deps.sql, sessionId);
  if (!idToken || !deps.oidc) return undefined;
  let config: client.Configuration;
  try {
    config = await deps.oidc.configuration();
  } catch (error) {
    deps.logger.warn({ err: error }, 'single sign-on: no provider logout, it could not be discovered');
    return undefined;
  }
  if (!config.serverMetadata().end_session_endpoint) return undefined;
  return client.buildEndSessionUrl(config, {
    id_token_hint: idToken,
    post_logout_redirect_uri: deps.oidc.settings.postLogoutRedirectUri(page),
  }).href;
}
