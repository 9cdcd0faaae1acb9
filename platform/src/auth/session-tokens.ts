import { randomUUID } from 'node:crypto';
import { USER_ROLES, type UserRole } from '@risk-profile/contracts';
import { signHs256, verifyHs256 } from './hs256';

export const SESSION_ISSUER = 'risk-profile';
export const SESSION_AUDIENCE = 'risk-profile-web';
/** Sessions last 24 hours (the security page says so). */
export const SESSION_TTL_SECONDS = 24 * 60 * 60;
export const MIN_SESSION_SECRET_LENGTH = 32;
const SCOPE = { issuer: SESSION_ISSUER, audience: SESSION_AUDIENCE };
/** How far ahead of this clock another instance's may be when it issues a token. */
export const SESSION_CLOCK_SKEW_SECONDS = 60;

/** What a session token says, beyond the registered claims. */
export interface SessionClaims {
  sub: string;
  jti: string;
  role: UserRole;
  email: string;
  name: string;
  adviserSlug: string | null;
  /**
   * Analyst access given to an administrator; absent otherwise (an analyst has it by role, an
   * adviser never). Taking it away bumps the session version, so no session still claims it.
   */
  analystAccess?: boolean;
  /** The user's session version when the token was issued: a reset or disable bumps it. */
  sv: number;
  /**
   * Present (true) only on a session that may do nothing but set up a second factor: its role is
   * in MFA_REQUIRED_ROLES and the account has none yet.
   */
  mfaSetup?: true;
  exp: number;
  iat: number;
}

export interface SessionSubject {
  id: string;
  role: UserRole;
  email: string;
  name: string;
  adviserSlug: string | null;
  /** Only an administrator's counts (see SessionClaims.analystAccess). */
  analystAccess?: boolean;
  sessionVersion: number;
  /** Issue a session limited to setting up a second factor (SessionClaims.mfaSetup). */
  mfaSetupOnly?: boolean;
}

/**
 * HS256 session tokens. Verification allows exactly HS256 (no `none`, no algorithm the token
 * names), and requires our issuer, audience, an unexpired `exp`, a `jti` (logout revokes by it)
 * and an `iat` that is not in the future: every token we issue has them, so one without them was
 * minted elsewhere, with a leaked key. Time is injected for tests.
 */
export function createSessionTokens(secret: string, clock: () => Date = () => new Date()) {
  if (secret.length < MIN_SESSION_SECRET_LENGTH) {
    throw new Error(`The session secret must be at least ${MIN_SESSION_SECRET_LENGTH} characters`);
  }
  const nowSeconds = () => Math.floor(clock().getTime() / 1000);
  return {
    issue(subject: SessionSubject): { token: string; claims: SessionClaims } {
      const iat = nowSeconds();
      const claims: SessionClaims = {
        sub: subject.id,
        jti: randomUUID(),
        role: subject.role,
        email: subject.email,
        name: subject.name,
        adviserSlug: subject.adviserSlug,
        ...(subject.role === 'admin' && subject.analystAccess === true ? { analystAccess: true } : {}),
        sv: subject.sessionVersion,
        ...(subject.mfaSetupOnly === true ? { mfaSetup: true as const } : {}),
        iat,
        exp: iat + SESSION_TTL_SECONDS,
      };
      const token = signHs256(claims, secret, SCOPE);
      return { token, claims };
    },
    /** The claims of a valid token, or null for anything else (never throws on bad input). */
    verify(token: string): SessionClaims | null {
      const payload = verifyHs256(token, secret, { ...SCOPE, nowSeconds: nowSeconds() });
      return isClaims(payload, nowSeconds()) ? payload : null;
    },
  };
}

export type SessionTokens = ReturnType<typeof createSessionTokens>;

function isClaims(payload: unknown, now: number): payload is SessionClaims {
  if (typeof payload !== 'object' || payload === null) return false;
  const p = payload as Record<string, unknown>;
  return (
    typeof p.sub === 'string' &&
    typeof p.jti === 'string' &&
    p.jti.length > 0 &&
    (USER_ROLES as readonly unknown[]).includes(p.role) &&
    (p.analystAccess === undefined || typeof p.analystAccess === 'boolean') &&
    typeof p.email === 'string' &&
    typeof p.name === 'string' &&
    (typeof p.adviserSlug === 'string' || p.adviserSlug === null) &&
    typeof p.sv === 'number' &&
    (p.mfaSetup === undefined || p.mfaSetup === true) &&
    typeof p.exp === 'number' &&
    typeof p.iat === 'number' &&
    p.iat <= now + SESSION_CLOCK_SKEW_SECONDS &&
    p.exp > p.iat &&
    p.exp - p.iat <= SESSION_TTL_SECONDS
  );
}
