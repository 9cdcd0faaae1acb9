import type { IncomingMessage } from 'node:http';
import type { SessionUser, SessionVerifier } from './session.port';
import type { SessionCookie } from './session-cookie';
import type { SessionRevocations } from './session-revocations';
import type { SessionTokens } from './session-tokens';

/**
 * The SessionVerifier of every service: the cookie's token must verify (HS256, issuer, audience,
 * expiry) and, where `revocations` is given, must not be ended (logout, disable, reset). The
 * gateway's early check passes no revocations: it only refuses what is plainly not a session,
 * and the service behind it checks revocation.
 */
export function createSessionVerifier(options: {
  tokens: SessionTokens;
  cookie: SessionCookie;
  revocations?: SessionRevocations;
}): SessionVerifier {
  return {
    async authenticate(req: IncomingMessage): Promise<SessionUser | null> {
      const token = options.cookie.read(req);
      if (!token) return null;
      const claims = options.tokens.verify(token);
      if (!claims) return null;
      if (options.revocations && (await options.revocations.isRevoked(claims))) return null;
      return {
        id: claims.sub,
        email: claims.email,
        name: claims.name,
        role: claims.role,
        adviserSlug: claims.adviserSlug,
        // By role for an analyst; an administrator only when given it; an adviser never.
        analystAccess:
          claims.role === 'analyst' || (claims.role === 'admin' && claims.analystAccess === true),
        sessionId: claims.jti,
        expiresAt: new Date(claims.exp * 1000),
        ...(claims.mfaSetup ? { mfaSetupOnly: true } : {}),
      };
    },
  };
}
