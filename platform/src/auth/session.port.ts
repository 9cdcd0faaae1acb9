import type { IncomingMessage } from 'node:http';
import { type Access, hasAnalystAccess, type UserRole } from '@risk-profile/contracts';

/**
 * Who a request is signed in as, after the session cookie was verified and checked against
 * revocation. Every service that serves a protected endpoint resolves it itself (defence in
 * depth: a service reached directly is not open), through the same port.
 */
export interface SessionUser {
  /** User id (the JWT `sub`). */
  id: string;
  email: string;
  name: string;
  role: UserRole;
  /** The adviser page an adviser account speaks for; null for administrators. */
  adviserSlug: string | null;
  /** Analyst access given to an administrator (analysts have it by their role). */
  analystAccess?: boolean;
  /** The token's `jti`, so logout can revoke exactly this session. */
  sessionId: string;
  /** When the session ends by itself; a revocation need not outlive it. */
  expiresAt: Date;
  /** The session may only set up a second factor (endpoints of access `enrolling`). */
  mfaSetupOnly?: boolean;
}

export interface SessionVerifier {
  /**
   * The signed-in user of this request, or null when there is no session cookie or the session
   * is invalid, expired, revoked, or belongs to a disabled account.
   */
  authenticate(req: IncomingMessage): Promise<SessionUser | null>;
}

export type AccessDecision = 'allow' | 401 | 403 | 'mfa-setup-required';

/**
 * Whether a user may call an endpoint of the given access level. A session limited to setting up
 * a second factor passes only `enrolling` endpoints; everything else refuses it with its own 403.
 */
export function accessDecision(user: SessionUser | null, access: Access): AccessDecision {
  if (access === 'public') return 'allow';
  if (!user) return 401;
  if (user.mfaSetupOnly) return access === 'enrolling' ? 'allow' : 'mfa-setup-required';
  if (access === 'enrolling' || access === 'signed-in' || user.role === access) return 'allow';
  if (access === 'analyst' && hasAnalystAccess(user)) return 'allow';
  return 403;
}
