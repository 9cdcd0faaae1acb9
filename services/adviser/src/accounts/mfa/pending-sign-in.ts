import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { deriveKey, readCookie, signHs256, verifyHs256 } from '@risk-profile/platform';

/** Minutes between a right password and its second step, after which the sign-in starts again. */
export const PENDING_SIGN_IN_SECONDS = 5 * 60;
const SCOPE = { issuer: 'risk-profile', audience: 'risk-profile-mfa-pending' };

/** What a right password leaves for the second step: whose, at which session version. */
export interface PendingSignIn {
  userId: string;
  sessionVersion: number;
}

/**
 * The pending second step of a sign-in, in a short-lived httpOnly cookie (so it is bound to the
 * browser that gave the password): an HS256 token under a key derived from SESSION_SECRET for
 * this use alone, with its own audience, so it can never pass for a session. It carries the
 * account's session version: a reset or disable in between voids it.
 */
export function pendingSignIns(options: { sessionSecret: string; publicUrl: string; clock: () => Date }) {
  const key = deriveKey(Buffer.from(options.sessionSecret, 'utf8'), 'mfa pending sign-in v1');
  const secure = options.publicUrl.startsWith('https:');
  const name = secure ? '__Host-rp_mfa' : 'rp_mfa';
  const attributes = ['Path=/', 'HttpOnly', 'SameSite=Strict', ...(secure ? ['Secure'] : [])].join('; ');
  const nowSeconds = () => Math.floor(options.clock().getTime() / 1000);
  return {
    /** The Set-Cookie header that starts the second step. */
    start(pending: PendingSignIn): string {
      const iat = nowSeconds();
      const token = signHs256(
        {
          sub: pending.userId,
          sv: pending.sessionVersion,
          jti: randomUUID(),
          iat,
          exp: iat + PENDING_SIGN_IN_SECONDS,
        },
        key,
        SCOPE,
      );
      return `${name}=${token}; Max-Age=${PENDING_SIGN_IN_SECONDS}; ${attributes}`;
    },
    clear: () => `${name}=; Max-Age=0; ${attributes}`,
    /** The pending step this browser holds, or null (none, expired, forged). */
    read(req: IncomingMessage): PendingSignIn | null {
      const token = readCookie(req, name);
      if (!token) return null;
      const claims = verifyHs256(token, key, { ...SCOPE, nowSeconds: nowSeconds() });
      if (typeof claims?.sub !== 'string' || typeof claims.sv !== 'number') return null;
      return { userId: claims.sub, sessionVersion: claims.sv };
    },
  };
}

export type PendingSignIns = ReturnType<typeof pendingSignIns>;
