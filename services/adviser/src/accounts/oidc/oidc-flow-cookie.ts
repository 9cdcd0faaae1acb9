import { hkdfSync } from 'node:crypto';
import { SSO_SIGN_IN_PAGES, type SsoSignInPage } from '@risk-profile/contracts';
import { siteCookie } from '@risk-profile/platform';
import { EncryptJWT, jwtDecrypt } from 'jose';
import { z } from 'zod';

/** Minutes a browser has between leaving for the provider and coming back. */
export const OIDC_FLOW_TTL_SECONDS = 10 * 60;

/** What one sign-in at the provider must come back with, kept in the browser that started it. */
export interface OidcFlow {
  state: string;
  nonce: string;
  codeVerifier: string;
  page: SsoSignInPage;
}

const flowSchema = z.object({
  state: z.string().min(1),
  nonce: z.string().min(1),
  codeVerifier: z.string().min(43),
  page: z.enum(Object.keys(SSO_SIGN_IN_PAGES) as [SsoSignInPage, ...SsoSignInPage[]]),
});

/**
 * The flow's state, nonce and PKCE verifier in a short-lived httpOnly cookie (`rp_oidc`,
 * `__Host-rp_oidc` over https), encrypted and authenticated (JWE, dir + A256GCM) with a key
 * derived from SESSION_SECRET: only the browser that started the sign-in can finish it, and it
 * can neither read the verifier nor change the state. No table, so any instance can finish it.
 */
export function oidcFlowCookie(sessionSecret: string, publicUrl: string, clock: () => Date) {
  const cookie = siteCookie('rp_oidc', publicUrl, OIDC_FLOW_TTL_SECONDS);
  const key = new Uint8Array(hkdfSync('sha256', sessionSecret, 'risk-profile', 'oidc-flow-cookie', 32));
  const seconds = () => Math.floor(clock().getTime() / 1000);
  return {
    clear: cookie.clear,
    async seal(flow: OidcFlow): Promise<string> {
      const now = seconds();
      const sealed = await new EncryptJWT({ ...flow })
        .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
        .setIssuedAt(now)
        .setExpirationTime(now + OIDC_FLOW_TTL_SECONDS)
        .encrypt(key);
      return cookie.set(sealed);
    },
    /** The flow this browser started, or null: no cookie, expired, tampered with or sealed with another key. */
    async open(req: Parameters<typeof cookie.read>[0]): Promise<OidcFlow | null> {
      const sealed = cookie.read(req);
      if (!sealed) return null;
      try {
        const { payload } = await jwtDecrypt(sealed, key, {
          keyManagementAlgorithms: ['dir'],
          contentEncryptionAlgorithms: ['A256GCM'],
          currentDate: clock(),
        });
        const flow = flowSchema.safeParse(payload);
        return flow.success ? flow.data : null;
      } catch {
        return null;
      }
    },
  };
}

export type OidcFlowCookie = ReturnType<typeof oidcFlowCookie>;
