import { passkeyRegistrationOptionsEndpoint } from '@risk-profile/contracts';
import { requireAccess, sessionUserOf } from '@risk-profile/platform';
import type { Express } from 'express';
import type { PasskeyDeps } from './passkey-deps';
import { passkeyRegistrationOptions } from './register-options.handler';

/** A session limited to setting up a second factor may add a passkey as that factor. */
export function mountPasskeyRegistrationOptions(app: Express, deps: PasskeyDeps): void {
  app.post(
    passkeyRegistrationOptionsEndpoint.path,
    requireAccess(deps.sessions, 'enrolling'),
    async (req, res) => {
      const { options, setCookie } = await passkeyRegistrationOptions(deps, sessionUserOf(req));
      res.setHeader('Set-Cookie', setCookie);
      res.json(options);
    },
  );
}
