import { registerPasskeyEndpoint } from '@risk-profile/contracts';
import { clientIp, parseBody, requireAccess, sessionUserOf } from '@risk-profile/platform';
import type { Express } from 'express';
import { userAgentOf } from '../mfa/request-context';
import type { PasskeyDeps } from './passkey-deps';
import { registerPasskey } from './register-passkey.handler';

export function mountRegisterPasskey(app: Express, deps: PasskeyDeps): void {
  app.post(registerPasskeyEndpoint.path, requireAccess(deps.sessions, 'enrolling'), async (req, res) => {
    const body = parseBody(registerPasskeyEndpoint, req.body);
    const session = sessionUserOf(req);
    // Taken before anything else can fail: a challenge answers once, whatever the outcome.
    const challenge = await deps.challenges.take(deps.sql, req, ['register'], deps.clock());
    const cookies = [deps.challenges.clear()];
    res.setHeader('Set-Cookie', cookies);
    const { passkey, token } = await registerPasskey(deps, {
      session,
      body,
      challenge,
      ip: clientIp(req),
      userAgent: userAgentOf(req),
    });
    // A session that could only set up the factor is replaced by a full one.
    if (token) res.setHeader('Set-Cookie', [...cookies, deps.cookie.set(token)]);
    res.json({ passkey });
  });
}
