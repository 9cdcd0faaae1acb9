import type { Express, RequestHandler } from 'express';
import { mountConfirmTotp } from './confirm-totp.route';
import { mountDisableTotp } from './disable-totp.route';
import type { MfaDeps } from './mfa-deps';
import { mountMfaStatus } from './mfa-status.route';
import { mountSetupTotp } from './setup-totp.route';
import { mountVerifyMfa } from './verify-mfa.route';

/** The second factor's endpoints, one use case per file. */
export function mountMfaRoutes(app: Express, deps: MfaDeps, loginLimit: RequestHandler): void {
  mountMfaStatus(app, deps);
  mountSetupTotp(app, deps);
  mountConfirmTotp(app, deps);
  mountDisableTotp(app, deps);
  mountVerifyMfa(app, deps, loginLimit);
}
