import { passkeySignInEndpoint } from '@risk-profile/contracts';
import { clientIp, parseBody } from '@risk-profile/platform';
import type { Express, RequestHandler } from 'express';
import { userAgentOf } from '../mfa/request-context';
import type { PasskeyDeps } from './passkey-deps';
import { passkeySignIn } from './passkey-sign-in.handler';

/** Signs in with a passkey alone; shares the sign-ins' per-address allowance (`loginLimit`). */
export function mountPasskeySignIn(app: Express, deps: PasskeyDeps, loginLimit: RequestHandler): void {
  app.post(passkeySignInEndpoint.path, loginLimit, async (req, res) => {
    const { response } = parseBody(passkeySignInEndpoint, req.body);
    const challenge = await deps.challenges.take(
      deps.sql,
      req,
      ['sign-in-user', 'sign-in-admin'],
      deps.clock(),
    );
    res.setHeader('Set-Cookie', deps.challenges.clear());
    const { user, token } = await passkeySignIn(deps, {
      response,
      challenge,
      ip: clientIp(req),
      userAgent: userAgentOf(req),
    });
    res.setHeader('Set-Cookie', [deps.challenges.clear(), deps.cookie.set(token)]);
    res.json({ user });
  });
}
