import { HttpError, httpError, type SessionUser } from '@risk-profile/platform';
import { recordAudit } from '../audit';
import { emailKey } from '../user-repository';
import type { PasskeyDeps } from './passkey-deps';
import { deletePasskey, passkeysOf, secondFactorsOf } from './passkey-store';
import { type RemovalRefusal, removalRefusal } from './removal-rule';

export const PASSKEY_NOT_FOUND_MESSAGE = 'No such passkey on your account.';
export const PASSKEY_REMOVED_MESSAGE = 'Passkey removed.';
const REFUSALS: Readonly<Record<RemovalRefusal, { message: string; code: string }>> = {
  'last-way-in': {
    message:
      'This is your only way to sign in: your account has no password. Add another passkey before removing this one.',
    code: 'LAST_SIGN_IN_METHOD',
  },
  'required-by-policy': {
    message:
      'Your role requires a second factor. Add another passkey or set up an authenticator app before removing this one.',
    code: 'MFA_REQUIRED_BY_POLICY',
  },
};

/**
 * Removes one of the signed-in account's passkeys, unless that would leave it no way in or
 * below its role's policy. The account's row is locked meanwhile, so two removals at once
 * cannot each leave the other to keep the last one.
 */
export async function removePasskey(
  deps: PasskeyDeps,
  command: { session: SessionUser; id: string; ip: string },
): Promise<void> {
  const { session } = command;
  const now = deps.clock();
  await deps.sql.transaction(async (tx) => {
    const { rows } = await tx.query<{ has_password: boolean }>(
      'SELECT password_hash IS NOT NULL AS has_password FROM users WHERE id = $1 FOR UPDATE',
      [session.id],
    );
    if (!rows[0]) throw httpError.unauthorized();
    const passkeys = await passkeysOf(tx, session.id);
    if (!passkeys.some((passkey) => passkey.id === command.id))
      throw httpError.notFound(PASSKEY_NOT_FOUND_MESSAGE);
    const refusal = removalRefusal({
      otherPasskeys: passkeys.length - 1,
      totp: (await secondFactorsOf(tx, session.id)).includes('totp'),
      password: rows[0].has_password,
      roleRequiresSecondFactor: deps.requiredRoles.has(session.role),
    });
    if (refusal) throw new HttpError(409, REFUSALS[refusal].message, REFUSALS[refusal].code);
    const name = await deletePasskey(tx, session.id, command.id);
    await recordAudit(tx, {
      at: now,
      event: 'passkey_removed',
      email: emailKey(session.email),
      userId: session.id,
      ip: command.ip,
      outcome: 'success',
      detail: name,
    });
  });
}
