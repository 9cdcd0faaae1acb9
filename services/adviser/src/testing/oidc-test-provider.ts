import { randomBytes } from 'node:crypto';
import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { oidcCallbackEndpoint, SSO_SIGN_IN_PAGES } from '@risk-profile/contracts';
import Provider from 'oidc-provider';

export interface TestIdentityProvider {
  issuer: string;
  /** OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET of the product's client. */
  env: { OIDC_ISSUER: string; OIDC_CLIENT_ID: string; OIDC_CLIENT_SECRET: string };
  /** Registers the product at `publicUrl` (its redirect URI and logout return pages); before, every request is 503. */
  registerProduct(publicUrl: string): void;
  stop(): Promise<void>;
}

/**
 * A real OpenID Provider (oidc-provider, certified) on a loopback port, with one confidential
 * client for the product (code flow, PKCE required, RP-initiated logout). Its development
 * interactions sign in whoever types a login: the login is the email, verified unless listed in
 * `unverifiedEmails`. As most providers do for the code flow, the ID token carries only `sub`
 * and the email comes from UserInfo. `verifiedClaim` names the claim that says so (as Microsoft
 * Entra ID's `xms_edov`, which sends no `email_verified`).
 */
export async function startTestIdentityProvider(
  options: { unverifiedEmails?: readonly string[]; verifiedClaim?: string } = {},
): Promise<TestIdentityProvider> {
  let handler: RequestListener | undefined;
  const server = createServer((req, res) => {
    if (handler) return handler(req, res);
    res.statusCode = 503;
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const client = { client_id: 'risk-profile', client_secret: randomBytes(24).toString('base64url') };
  const unverified = new Set(options.unverifiedEmails ?? []);
  const verifiedClaim = options.verifiedClaim ?? 'email_verified';
  return {
    issuer,
    env: { OIDC_ISSUER: issuer, OIDC_CLIENT_ID: client.client_id, OIDC_CLIENT_SECRET: client.client_secret },
    registerProduct(publicUrl) {
      const provider = new Provider(issuer, {
        clients: [
          {
            ...client,
            redirect_uris: [`${publicUrl}${oidcCallbackEndpoint.path}`],
            post_logout_redirect_uris: Object.values(SSO_SIGN_IN_PAGES).map((page) => `${publicUrl}${page}`),
            response_types: ['code'],
            grant_types: ['authorization_code'],
          },
        ],
        claims: { openid: ['sub'], email: ['email', verifiedClaim], profile: ['name'] },
        findAccount: (_ctx, sub) => ({
          accountId: sub,
          claims: () => ({ sub, email: sub, [verifiedClaim]: !unverified.has(sub), name: sub }),
        }),
        features: { devInteractions: { enabled: true }, rpInitiatedLogout: { enabled: true } },
        pkce: { required: () => true },
        cookies: { keys: [randomBytes(32).toString('base64url')] },
        ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600 },
      });
      handler = provider.callback();
    },
    stop: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/**
 * Signs `login` in at the provider as a browser would, over plain HTTP: from the authorisation
 * URL through the development login and consent forms, to the redirect back to the product.
 * Returns that redirect's URL (the callback with code and state, or an error).
 */
export async function signInAtProvider(
  authorisationUrl: string,
  login: string,
  redirectUri: string,
): Promise<URL> {
  const jar = new Map<string, string>();
  const request = async (url: string, form?: Record<string, string>) => {
    const res = await fetch(url, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; '),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(form ? { body: new URLSearchParams(form).toString() } : {}),
    });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const index = pair.indexOf('=');
      const [name, value] = [pair.slice(0, index).trim(), pair.slice(index + 1).trim()];
      if (value && !/max-age=0|expires=thu, 01 jan 1970/i.test(cookie)) jar.set(name, value);
      else jar.delete(name);
    }
    return res;
  };
  let res = await request(authorisationUrl);
  for (let step = 0; step < 12; step++) {
    const location = res.headers.get('location');
    if (location) {
      const next = new URL(location, res.url || authorisationUrl);
      if (next.href.startsWith(redirectUri)) return next;
      res = await request(next.href);
      continue;
    }
    const page = await res.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(page)?.[1];
    if (res.status !== 200 || !action)
      throw new Error(`the provider answered ${res.status}: ${page.slice(0, 300)}`);
    const target = new URL(action.replaceAll('&amp;', '&'), authorisationUrl).href;
    res = page.includes('value="login"')
      ? await request(target, { prompt: 'login', login, password: 'any' })
      : await request(target, { prompt: 'consent' });
  }
  throw new Error('the provider never redirected back to the product');
}
