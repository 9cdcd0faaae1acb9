import { httpError, type SessionUser } from '@risk-profile/platform';
import { recordAudit } from '../audit';
import { endSessionNow } from '../sessions/end-session-now';
import { replaceSetupSession } from '../sessions/replace-setup-session';
import { emailKey } from '../user-repository';
import { invalidCode, type MfaDeps, TOTP_ALREADY_ON_MESSAGE } from './mfa-deps';
import { newRecoveryCodes, recoveryCodeHash } from './recovery-codes';
import { findTotp, replaceRecoveryCodes, takeStep } from './second-factor-store';
import { checkTotp } from './totp';

export const SETUP_NOT_STARTED_MESSAGE = 'Start setting up your authenticator app first.';

/**
 * Turns the app on with its first code and makes ten recovery codes, shown only in the answer.
 * A session limited to setting up is swapped for a full one (`token`), the old one ended.
 */
export async function confirmTotp(
  deps: MfaDeps,
  command: { session: SessionUser; code: string; ip: string; userAgent: string | null },
): Promise<{ recoveryCodes: string[]; token: string | null }> {
  const { session } = command;
  const now = deps.clock();
  const factor = await findTotp(deps.sql, session.id);
  if (!factor) throw httpError.conflict(SETUP_NOT_STARTED_MESSAGE, 'TOTP_SETUP_NOT_STARTED');
  if (factor.confirmedAt) throw httpError.conflict(TOTP_ALREADY_ON_MESSAGE, 'TOTP_ALREADY_ON');
  const result = checkTotp(
    deps.box.open(session.id, factor.sealedSecret),
    command.code,
    now,
    factor.lastStep,
  );
  if (result.kind !== 'accepted') throw invalidCode();
  const recoveryCodes = newRecoveryCodes();
  const confirmed = await deps.sql.transaction(async (tx) => {
    if (!(await takeStep(tx, session.id, result.step, now))) return false;
    await replaceRecoveryCodes(tx, session.id, recoveryCodes.map(recoveryCodeHash), now);
    await recordAudit(tx, {
      at: now,
      event: 'totp_enabled',
      email: emailKey(session.email),
      userId: session.id,
      ip: command.ip,
      outcome: 'success',
    });
    if (session.mfaSetupOnly) {
      await endSessionNow(tx, { id: session.sessionId, expiresAt: session.expiresAt }, now);
    }
    return true;
  });
  // Confirmed by a request beside this one with the same code: that one showed the codes.
  if (!confirmed) throw invalidCode();
  return { recoveryCodes, token: await replaceSetupSession(deps, session, 'totp', { ...command, now }) };
}
