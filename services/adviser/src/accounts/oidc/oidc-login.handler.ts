import type { SsoSignInPage } from '@risk-profile/contracts';
import * as client from 'openid-client';
import type { OidcClient } from './oidc-client';
import type { OidcFlow } from './oidc-flow-cookie';

/** What every sign-in asks of the provider: an identity and the email address to match. */
export const OIDC_SCOPES = 'openid email profile';

/**
 * The provider's authorisation URL for one sign-in (authorisation code with PKCE S256, a fresh
 * state and nonce), and the flow the browser keeps until it comes back. Throws when the provider
 * cannot be discovered.
 */
export async function beginOidcLogin(
  oidc: OidcClient,
  page: SsoSignInPage,
): Promise<{ redirectTo: URL; flow: OidcFlow }> {
  const config = await oidc.configuration();
  const flow: OidcFlow = {
    state: client.randomState(),
    nonce: client.randomNonce(),
    codeVerifier: client.randomPKCECodeVerifier(),
    page,
  };
  const redirectTo = client.buildAuthorizationUrl(config, {
    redirect_uri: oidc.settings.redirectUri,
    scope: OIDC_SCOPES,
    code_challenge: await client.calculatePKCECodeChallenge(flow.codeVerifier),
    code_challenge_method: 'S256',
    state: flow.state,
    nonce: flow.nonce,
  });
  return { redirectTo, flow };
}
