import { verifyMfaPasskeyEndpoint } from '@risk-profile/contracts';
import { clientIp, parseBody } from '@risk-profile/platform';
import type { Express, RequestHandler } from 'express';
import { userAgentOf } from '../mfa/request-context';
import type { PasskeyDeps } from './passkey-deps';
import { verifySecondStepPasskey } from './verify-second-step.handler';

/** Completes a pending sign-in with a passkey; shares the sign-ins' per-address allowance. */
export function mountVerifySecondStep(app: Express, deps: PasskeyDeps, loginLimit: RequestHandler): void {
  app.post(verifyMfaPasskeyEndpoint.path, loginLimit, async (req, res) => {
    const { response } = parseBody(verifyMfaPasskeyEndpoint, req.body);
    const challenge = await deps.challenges.take(deps.sql, req, ['second-step'], deps.clock());
    res.setHeader('Set-Cookie', deps.challenges.clear());
    const { user, token } = await verifySecondStepPasskey(deps, {
      pending: deps.pending.read(req),
      challenge,
      response,
      ip: clientIp(req),
      userAgent: userAgentOf(req),
    });
    res.setHeader('Set-Cookie', [deps.challenges.clear(), deps.pending.clear(), deps.cookie.set(token)]);
    res.json({ user });
  });
}
