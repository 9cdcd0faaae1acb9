import { expect } from 'vitest';
import type { AdviserTestServer } from './adviser-test-server';

/** The `name=value` of the cookie `name` a response sets (several Set-Cookie headers are read apart). */
export function setCookie(res: Response, name: string): string | undefined {
  for (const header of res.headers.getSetCookie()) {
    const pair = header.split(';')[0]!;
    if (pair.startsWith(`${name}=`)) return pair;
  }
  return undefined;
}

/** The session and pending-step cookies of a site at an https address (the test servers' PUBLIC_URL). */
export const SESSION_COOKIE = '__Host-rp_session';
export const PENDING_COOKIE = '__Host-rp_mfa';

/**
 * The sign-in steps against one adviser test server: the password, then (for an account with a
 * second factor) a code, each answering what it answered and the cookie it set.
 */
export function signInSteps(server: () => AdviserTestServer) {
  const password = async (email: string, secret: string, path = '/api/auth/login') => {
    const res = await server().call('POST', path, { body: { email, password: secret } });
    return {
      res,
      body: (await res.json()) as Record<string, unknown>,
      pending: setCookie(res, PENDING_COOKIE),
    };
  };
  const verify = async (pending: string | undefined, proof: { code: string } | { recoveryCode: string }) => {
    const res = await server().call('POST', '/api/auth/mfa/verify', {
      ...(pending ? { cookie: pending } : {}),
      body: proof,
    });
    return {
      res,
      body: (await res.json()) as Record<string, unknown>,
      session: setCookie(res, SESSION_COOKIE),
    };
  };
  return {
    password,
    verify,
    /** Password and code, answered 200 each: the session cookie. */
    async withCode(email: string, secret: string, code: string, path?: string): Promise<string> {
      const first = await password(email, secret, path);
      expect(first.body).toMatchObject({ mfaRequired: true });
      const second = await verify(first.pending, { code });
      expect(second.res.status).toBe(200);
      return second.session!;
    },
  };
}
