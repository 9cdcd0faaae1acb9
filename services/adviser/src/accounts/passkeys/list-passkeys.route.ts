import { listPasskeysEndpoint } from '@risk-profile/contracts';
import { requireAccess, sessionUserOf } from '@risk-profile/platform';
import type { Express } from 'express';
import type { PasskeyDeps } from './passkey-deps';
import { listPasskeys } from './passkey-store';

/** The account page's list; a session limited to setting up a second factor sees it too. */
export function mountListPasskeys(app: Express, deps: PasskeyDeps): void {
  app.get(listPasskeysEndpoint.path, requireAccess(deps.sessions, 'enrolling'), async (req, res) => {
    res.json({ passkeys: await listPasskeys(deps.sql, sessionUserOf(req).id) });
  });
}
