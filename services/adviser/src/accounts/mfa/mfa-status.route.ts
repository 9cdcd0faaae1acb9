import { getMfaStatusEndpoint, type MfaStatus } from '@risk-profile/contracts';
import { requireAccess, sessionUserOf } from '@risk-profile/platform';
import type { Express } from 'express';
import type { MfaDeps } from './mfa-deps';
import { hasSecondFactor, recoveryCodesLeft } from './second-factor-store';

/** The account page's view of the second factor; a session limited to setting one up may ask. */
export function mountMfaStatus(app: Express, deps: MfaDeps): void {
  app.get(getMfaStatusEndpoint.path, requireAccess(deps.sessions, 'enrolling'), async (req, res) => {
    const user = sessionUserOf(req);
    const status: MfaStatus = {
      totp: await hasSecondFactor(deps.sql, user.id),
      recoveryCodesLeft: await recoveryCodesLeft(deps.sql, user.id),
      required: deps.requiredRoles.has(user.role),
    };
    res.json(status);
  });
}
