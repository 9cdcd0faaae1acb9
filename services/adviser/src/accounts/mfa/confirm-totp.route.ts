import { confirmTotpEndpoint } from '@risk-profile/contracts';
import { clientIp, parseBody, requireAccess, sessionUserOf } from '@risk-profile/platform';
import type { Express } from 'express';
import { confirmTotp } from './confirm-totp.handler';
import type { MfaDeps } from './mfa-deps';
import { userAgentOf } from './request-context';

export function mountConfirmTotp(app: Express, deps: MfaDeps): void {
  app.post(confirmTotpEndpoint.path, requireAccess(deps.sessions, 'enrolling'), async (req, res) => {
    const body = parseBody(confirmTotpEndpoint, req.body);
    const { recoveryCodes, token } = await confirmTotp(deps, {
      session: sessionUserOf(req),
      code: body.code,
      ip: clientIp(req),
      userAgent: userAgentOf(req),
    });
    // A session that could only set up the factor is replaced by a full one.
    if (token) res.setHeader('Set-Cookie', deps.cookie.set(token));
    res.json({ recoveryCodes });
  });
}
