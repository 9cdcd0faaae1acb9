import type { Express, RequestHandler } from 'express';
import { mountListPasskeys } from './list-passkeys.route';
import type { PasskeyDeps } from './passkey-deps';
import { mountPasskeySignIn } from './passkey-sign-in.route';
import { mountPasskeySignInOptions } from './passkey-sign-in-options.route';
import { mountPasskeyRegistrationOptions } from './register-options.route';
import { mountRegisterPasskey } from './register-passkey.route';
import { mountRemovePasskey } from './remove-passkey.route';
import { mountSecondStepOptions } from './second-step-options.route';
import { mountVerifySecondStep } from './verify-second-step.route';

/** The passkey endpoints, one use case per file; the two that check a passkey share the login limiter. */
export function mountPasskeyRoutes(app: Express, deps: PasskeyDeps, loginLimit: RequestHandler): void {
  mountListPasskeys(app, deps);
  mountPasskeyRegistrationOptions(app, deps);
  mountRegisterPasskey(app, deps);
  mountRemovePasskey(app, deps);
  mountPasskeySignInOptions(app, deps);
  mountPasskeySignIn(app, deps, loginLimit);
  mountSecondStepOptions(app, deps);
  mountVerifySecondStep(app, deps, loginLimit);
}
