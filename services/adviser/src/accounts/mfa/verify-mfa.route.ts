import { verifyMfaEndpoint } from '@risk-profile/contracts';
import { clientIp, parseBody } from '@risk-profile/platform';
import type { Express, RequestHandler } from 'express';
import type { MfaDeps } from './mfa-deps';
import { userAgentOf } from './request-context';
import { verifyMfa } from './verify-mfa.handler';

/** The second step of a sign-in; `loginLimit` is the sign-ins' own per-address limiter, whose allowance it shares. */
export function mountVerifyMfa(app: Express, deps: MfaDeps, loginLimit: RequestHandler): void {
  app.post(verifyMfaEndpoint.path, loginLimit, async (req, res) => {
    const proof = parseBody(verifyMfaEndpoint, req.body);
    const { user, token } = await verifyMfa(deps, {
      pending: deps.pending.read(req),
      proof,
      ip: clientIp(req),
      userAgent: userAgentOf(req),
    });
    res.setHeader('Set-Cookie', [deps.cookie.set(token), deps.pending.clear()]);
    res.json({ user });
  });
}
