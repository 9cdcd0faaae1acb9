import { setPasswordEndpoint } from '@risk-profile/contracts';
import { clientIp, type PerMinuteLimit, parseBody, perAddressLimit, perMinute } from '@risk-profile/platform';
import type { Express } from 'express';
import type { SetPassword } from './set-password.handler';

export const PASSWORD_SET_MESSAGE = 'Your password is set. You can now sign in.';
export const SET_PASSWORD_RATE_LIMITED_MESSAGE =
  'Too many attempts from this address. Please try again in a minute.';

export interface SetPasswordRouteDeps {
  setPassword: (command: SetPassword) => Promise<void>;
  /** Set-password attempts per client IP per minute, counted in `store`; 0 for no limit. */
  rateLimit: PerMinuteLimit;
}

/** The public set-password of the links an administrator sends: no session, a limit per address. */
export function mountSetPassword(app: Express, deps: SetPasswordRouteDeps): void {
  const perIp = perAddressLimit({ ...perMinute(deps.rateLimit), message: SET_PASSWORD_RATE_LIMITED_MESSAGE });
  app.post(setPasswordEndpoint.path, perIp, async (req, res) => {
    const body = parseBody(setPasswordEndpoint, req.body);
    await deps.setPassword({ token: body.token, password: body.password, ip: clientIp(req) });
    res.json({ message: PASSWORD_SET_MESSAGE });
  });
}
