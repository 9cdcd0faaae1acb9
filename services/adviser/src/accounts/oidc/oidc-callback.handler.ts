import {
  MAX_EMAIL_LENGTH,
  type oidcCallbackQuerySchema,
  type SsoRefusal,
  type SsoSignInPage,
  ssoLanding,
} from '@risk-profile/contracts';
import type { Logger, SessionTokens, SqlClient } from '@risk-profile/platform';
import * as client from 'openid-client';
import type { z } from 'zod';
import { recordAudit } from '../audit';
import { emailKey, findUserByEmail } from '../user-repository';
import type { OidcClient } from './oidc-client';
import type { OidcFlow } from './oidc-flow-cookie';
import { recordOidcSignIn } from './oidc-sign-ins';
import { startSsoSession } from './start-sso-session';

export type OidcCallbackResult =
  | { kind: 'signed-in'; token: string; landing: string }
  | { kind: 'refused'; reason: SsoRefusal; page: SsoSignInPage };

export interface OidcCallbackDeps {
  sql: SqlClient;
  tokens: SessionTokens;
  oidc: OidcClient;
  clock: () => Date;
  logger: Logger;
}

export interface OidcCallback {
  /** The flow this browser started (from its cookie), or null. */
  flow: OidcFlow | null;
  /** The authorisation response's parameters, or null when they do not fit the contract. */
  query: z.output<typeof oidcCallbackQuerySchema> | null;
  /** The callback's query string as received, which openid-client reads and checks. */
  search: string;
  ip: string;
  userAgent: string | null;
}

interface Identity {
  email: unknown;
  emailVerified: unknown;
}

/**
 * The provider's answer to one sign-in: state against the browser's flow, then openid-client's
 * code exchange (PKCE verifier, state, nonce, and the ID token's signature, issuer, audience and
 * expiry), then the enabled account whose email is the token's verified `email`. Every outcome is
 * audited as `sso_login`.
 */
export async function completeOidcLogin(
  deps: OidcCallbackDeps,
  callback: OidcCallback,
): Promise<OidcCallbackResult> {
  const { flow, query } = callback;
  const now = deps.clock();
  const page = flow?.page ?? 'user';
  const refuse = async (
    reason: SsoRefusal,
    detail: string,
    who: { email?: string; userId?: string } = {},
  ): Promise<OidcCallbackResult> => {
    await recordAudit(deps.sql, {
      at: now,
      event: 'sso_login',
      email: who.email,
      userId: who.userId,
      ip: callback.ip,
      outcome: 'refused',
      detail,
    });
    return { kind: 'refused', reason, page };
  };

  if (!flow) return refuse('expired', 'missing or expired state');
  if (!query) return refuse('provider', 'malformed authorisation response');
  if (query.error) return refuse('provider', `provider error: ${query.error.slice(0, 80)}`);
  if (!query.state || query.state !== flow.state) return refuse('expired', 'state mismatch');

  let config: client.Configuration;
  try {
    config = await deps.oidc.configuration();
  } catch (error) {
    deps.logger.warn({ err: error }, 'single sign-on: the identity provider could not be discovered');
    return refuse('unavailable', 'provider unavailable');
  }
  const currentUrl = new URL(deps.oidc.settings.redirectUri);
  currentUrl.search = callback.search;
  let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
  try {
    tokens = await client.authorizationCodeGrant(config, currentUrl, {
      pkceCodeVerifier: flow.codeVerifier,
      expectedState: flow.state,
      expectedNonce: flow.nonce,
      idTokenExpected: true,
    });
  } catch (error) {
    deps.logger.warn({ err: error }, 'single sign-on: the code exchange or the ID token was refused');
    const code = error instanceof Error && 'code' in error ? String(error.code) : 'error';
    return refuse('provider', `code exchange refused: ${code}`);
  }
  const claims = tokens.claims();
  const idToken = tokens.id_token;
  if (!claims || !idToken) return refuse('provider', 'no ID token');

  const identity = await identityOf(config, tokens.access_token, claims, deps);
  if (typeof identity.email !== 'string' || identity.email.length > MAX_EMAIL_LENGTH) {
    return refuse('unverified-email', 'no email claim');
  }
  const email = emailKey(identity.email);
  if (identity.emailVerified !== true) return refuse('unverified-email', 'email not verified', { email });
  const user = await findUserByEmail(deps.sql, email);
  if (!user) return refuse('no-account', 'unknown email', { email });
  if (user.disabled) return refuse('disabled', 'account disabled', { email, userId: user.id });
  if (page === 'admin' && user.role !== 'admin') {
    return refuse('not-admin', 'not an administrator', { email, userId: user.id });
  }

  const session = await startSsoSession(deps, user, { ip: callback.ip, userAgent: callback.userAgent, now });
  await deps.sql.transaction(async (tx) => {
    await recordOidcSignIn(tx, { sessionId: session.sessionId, userId: user.id, idToken, now });
    await recordAudit(tx, {
      at: now,
      event: 'sso_login',
      email,
      userId: user.id,
      ip: callback.ip,
      outcome: 'success',
    });
  });
  return { kind: 'signed-in', token: session.token, landing: ssoLanding(user.role, page) };
}

/**
 * The email and its verification from the ID token, or else from UserInfo (some providers put
 * the `email` scope's claims only there); openid-client checks UserInfo's `sub` against the token's.
 */
async function identityOf(
  config: client.Configuration,
  accessToken: string,
  claims: client.IDToken,
  { oidc, logger }: { oidc: OidcClient; logger: Logger },
): Promise<Identity> {
  const verified = oidc.settings.emailVerifiedClaim;
  if (claims.email !== undefined) return { email: claims.email, emailVerified: claims[verified] };
  if (!config.serverMetadata().userinfo_endpoint) return { email: undefined, emailVerified: undefined };
  try {
    const info = await client.fetchUserInfo(config, accessToken, claims.sub);
    return { email: info.email, emailVerified: info[verified] };
  } catch (error) {
    logger.warn({ err: error }, 'single sign-on: UserInfo was refused');
    return { email: undefined, emailVerified: undefined };
  }
}
