import { mfaPasskeyOptionsEndpoint } from '@risk-profile/contracts';
import { httpError } from '@risk-profile/platform';
import type { Express } from 'express';
import { assertionOptions } from './assertion-options';
import type { PasskeyDeps } from './passkey-deps';
import { passkeysOf } from './passkey-store';
import { pendingAccount } from './pending-account';

export const NO_PASSKEY_MESSAGE = 'This account has no passkey. Enter a code from your authenticator app.';

/** The second step with a passkey: options naming the pending account's passkeys. */
export function mountSecondStepOptions(app: Express, deps: PasskeyDeps): void {
  app.post(mfaPasskeyOptionsEndpoint.path, async (req, res) => {
    const user = await pendingAccount(deps.sql, deps.pending.read(req));
    const passkeys = await passkeysOf(deps.sql, user.id);
    if (passkeys.length === 0) throw httpError.conflict(NO_PASSKEY_MESSAGE, 'NO_PASSKEY');
    const { options, setCookie } = await assertionOptions(deps, {
      purpose: 'second-step',
      userId: user.id,
      allow: passkeys,
    });
    res.setHeader('Set-Cookie', setCookie);
    res.json(options);
  });
}
