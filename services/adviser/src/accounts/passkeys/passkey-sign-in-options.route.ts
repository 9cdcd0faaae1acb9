import { passkeySignInOptionsEndpoint } from '@risk-profile/contracts';
import { parseBody } from '@risk-profile/platform';
import type { Express } from 'express';
import { assertionOptions } from './assertion-options';
import type { PasskeyDeps } from './passkey-deps';

/**
 * Starts a passwordless sign-in. Not counted with the sign-ins of its address: it checks nothing
 * (the verify step is counted), and the gateway's per-address limit bounds the challenges it stores.
 */
export function mountPasskeySignInOptions(app: Express, deps: PasskeyDeps): void {
  app.post(passkeySignInOptionsEndpoint.path, async (req, res) => {
    const { page } = parseBody(passkeySignInOptionsEndpoint, req.body);
    const { options, setCookie } = await assertionOptions(deps, {
      purpose: page === 'admin' ? 'sign-in-admin' : 'sign-in-user',
      userId: null,
      allow: [],
    });
    res.setHeader('Set-Cookie', setCookie);
    res.json(options);
  });
}
