import { disableTotpEndpoint } from '@risk-profile/contracts';
import { clientIp, parseBody, requireAccess, sessionUserOf } from '@risk-profile/platform';
import type { Express } from 'express';
import { disableTotp } from './disable-totp.handler';
import type { MfaDeps } from './mfa-deps';

export const TOTP_DISABLED_MESSAGE = 'Two-step sign-in is off. Your recovery codes no longer work.';

export function mountDisableTotp(app: Express, deps: MfaDeps): void {
  app.post(disableTotpEndpoint.path, requireAccess(deps.sessions, 'signed-in'), async (req, res) => {
    const body = parseBody(disableTotpEndpoint, req.body);
    await disableTotp(deps, { session: sessionUserOf(req), code: body.code, ip: clientIp(req) });
    res.json({ message: TOTP_DISABLED_MESSAGE });
  });
}
