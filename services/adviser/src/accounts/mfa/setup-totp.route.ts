import { setupTotpEndpoint } from '@risk-profile/contracts';
import { requireAccess, sessionUserOf } from '@risk-profile/platform';
import type { Express } from 'express';
import type { MfaDeps } from './mfa-deps';
import { setupTotp } from './setup-totp.handler';

export function mountSetupTotp(app: Express, deps: MfaDeps): void {
  app.post(setupTotpEndpoint.path, requireAccess(deps.sessions, 'enrolling'), async (req, res) => {
    res.json(await setupTotp(deps, sessionUserOf(req)));
  });
}
