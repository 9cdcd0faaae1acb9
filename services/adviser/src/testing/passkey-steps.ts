import {
  passkeyAuthenticationOptionsSchema,
  passkeyRegistrationOptionsSchema,
  passkeySchema,
} from '@risk-profile/contracts';
import { expect } from 'vitest';
import type { AdviserTestServer } from './adviser-test-server';
import { setCookie } from './sign-in-steps';
import { type Ceremony, softAuthenticator } from './soft-authenticator';

/** The passkey challenge's cookie on a site at an https address (the test servers' PUBLIC_URL). */
export const CHALLENGE_COOKIE = '__Host-rp_passkey';

type Authenticator = ReturnType<typeof softAuthenticator>;

const joined = (...cookies: (string | undefined)[]) => cookies.filter(Boolean).join('; ') || undefined;

/** The passkey ceremonies against one adviser test server, each answering what it answered. */
export function passkeySteps(server: () => AdviserTestServer) {
  const call = (method: string, path: string, cookie?: string, body?: unknown) =>
    server().call(method, path, { ...(cookie ? { cookie } : {}), ...(body === undefined ? {} : { body }) });
  const answer = async (res: Response) => ({ res, body: (await res.json()) as Record<string, unknown> });

  return {
    call,
    /** Asks for creation options with the session `cookie`: the options and the challenge's cookie. */
    async registrationOptions(cookie: string) {
      const res = await call('POST', '/api/auth/passkeys/register/options', cookie);
      expect(res.status).toBe(200);
      return {
        options: passkeyRegistrationOptionsSchema.parse(await res.json()),
        challenge: setCookie(res, CHALLENGE_COOKIE),
      };
    },
    async registerVerify(session: string, challenge: string | undefined, body: unknown) {
      return answer(
        await call('POST', '/api/auth/passkeys/register/verify', joined(session, challenge), body),
      );
    },
    /** Options, a passkey on `authenticator`, and its verification, answered 200: the passkey. */
    async register(authenticator: Authenticator, session: string, name = 'Work laptop', ceremony?: Ceremony) {
      const { options, challenge } = await this.registrationOptions(session);
      const { res, body } = await this.registerVerify(session, challenge, {
        name,
        response: authenticator.register(options, ceremony),
      });
      expect(res.status, JSON.stringify(body)).toBe(200);
      return { passkey: passkeySchema.parse(body.passkey), session: setCookie(res, '__Host-rp_session') };
    },
    /** Request options at `path` (the passwordless or the second step's), with `cookie` and `body`. */
    async assertionOptions(path: string, cookie?: string, body?: unknown) {
      const res = await call('POST', path, cookie, body ?? (path.includes('sign-in') ? {} : undefined));
      return {
        res,
        options: res.status === 200 ? passkeyAuthenticationOptionsSchema.parse(await res.json()) : null,
        challenge: setCookie(res, CHALLENGE_COOKIE),
      };
    },
    async verify(path: string, cookies: (string | undefined)[], response: unknown) {
      const { res, body } = await answer(await call('POST', path, joined(...cookies), { response }));
      return { res, body, session: setCookie(res, '__Host-rp_session') };
    },
  };
}

export { softAuthenticator };
