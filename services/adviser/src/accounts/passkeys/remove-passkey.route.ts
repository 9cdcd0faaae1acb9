import { removePasskeyEndpoint } from '@risk-profile/contracts';
import { clientIp, httpError, requireAccess, sessionUserOf } from '@risk-profile/platform';
import type { Express } from 'express';
import { z } from 'zod';
import type { PasskeyDeps } from './passkey-deps';
import { PASSKEY_NOT_FOUND_MESSAGE, PASSKEY_REMOVED_MESSAGE, removePasskey } from './remove-passkey.handler';

const passkeyId = z.uuid();

export function mountRemovePasskey(app: Express, deps: PasskeyDeps): void {
  app.delete(removePasskeyEndpoint.path, requireAccess(deps.sessions, 'signed-in'), async (req, res) => {
    // An id that cannot be a passkey's names none: the same 404.
    const id = passkeyId.safeParse(req.params.id);
    if (!id.success) throw httpError.notFound(PASSKEY_NOT_FOUND_MESSAGE);
    await removePasskey(deps, { session: sessionUserOf(req), id: id.data, ip: clientIp(req) });
    res.json({ message: PASSKEY_REMOVED_MESSAGE });
  });
}
