import type { SignInMethod } from '@risk-profile/contracts';
import type { SqlClient, SqlExecutor } from '@risk-profile/platform';
import { type AuditEvent, recordAudit } from '../audit';
import { clearFailures, lockStatus, recordFailure } from '../lockout';
import { emailKey, findUserByIdLockingAttempts, type UserRecord } from '../user-repository';
import { recoveryCodeHash } from './recovery-codes';
import { findTotp, type TotpSecretBox, takeStep, useRecoveryCode } from './second-factor-store';
import { checkTotp } from './totp';

/** What proves the second factor: a code from the app, or (signing in only) a recovery code. */
export type SecondFactorProof = { code: string } | { recoveryCode: string };

export type SecondFactorMethod = Extract<SignInMethod, 'totp' | 'recovery-code'>;

export type SecondFactorCheck<T> =
  | { kind: 'accepted'; value: T }
  | { kind: 'refused' }
  | { kind: 'locked'; retryAfterSeconds: number }
  /** No such account, or one `admits` turned away (disabled, reset since the password): nothing counted. */
  | { kind: 'not-admitted' };

/**
 * Checks a proof of the account's second factor under the lock a password check takes
 * (lockout.ts), and on a right one does what it was for, all in one transaction: a locked account
 * checks nothing, a wrong or replayed code is counted as a failure, a right one clears the count.
 * So wrong codes and wrong passwords share one lock of 10 per 15 minutes. A success is audited by
 * what it was for (the session's start, the app turned off).
 */
export async function withSecondFactor<T>(deps: {
  sql: SqlClient;
  box: TotpSecretBox;
  userId: string;
  proof: SecondFactorProof;
  ip: string;
  now: Date;
  event: AuditEvent;
  /** Whether the account, as read with the lock, may go on (signing in: enabled, same session version). */
  admits?: (user: UserRecord) => boolean;
  /** What the proof is for, in its transaction, once the failures are cleared. */
  onAccepted: (tx: SqlExecutor, user: UserRecord, method: SecondFactorMethod) => Promise<T>;
}): Promise<SecondFactorCheck<T>> {
  const { proof, ip, now, event } = deps;
  return deps.sql.transaction(async (tx): Promise<SecondFactorCheck<T>> => {
    const user = await findUserByIdLockingAttempts(tx, deps.userId);
    if (!user || (deps.admits && !deps.admits(user))) return { kind: 'not-admitted' };
    const key = emailKey(user.email);
    const audit = { at: now, event, email: key, userId: user.id, ip };
    const status = await lockStatus(tx, key, now);
    if (status.until) {
      await recordAudit(tx, { ...audit, outcome: 'refused', detail: 'account locked' });
      return {
        kind: 'locked',
        retryAfterSeconds: Math.max(1, Math.ceil((status.until.getTime() - now.getTime()) / 1000)),
      };
    }
    const failure = await proofFailure(tx, { box: deps.box, user, proof, now });
    if (failure) {
      await recordFailure(tx, key, now);
      await recordAudit(tx, { ...audit, outcome: 'failure', detail: failure });
      if (status.lastBeforeLock)
        await recordAudit(tx, { ...audit, event: 'account_locked', outcome: 'success' });
      return { kind: 'refused' };
    }
    // None counted (the password step of a sign-in freed its own): rows older than the window
    // count for nothing and go with the next prune, so there is nothing to clear.
    if (status.counted > 0) await clearFailures(tx, key, null);
    const method = 'recoveryCode' in proof ? 'recovery-code' : 'totp';
    return { kind: 'accepted', value: await deps.onAccepted(tx, user, method) };
  });
}

/**
 * Why the proof fails, or null once it is taken. Each write is one conditional statement, so a
 * code's step or a recovery code is taken once even by two requests at once.
 */
async function proofFailure(
  tx: SqlExecutor,
  { box, user, proof, now }: { box: TotpSecretBox; user: UserRecord; proof: SecondFactorProof; now: Date },
): Promise<string | null> {
  if ('recoveryCode' in proof) {
    const used = await useRecoveryCode(tx, user.id, recoveryCodeHash(proof.recoveryCode), now);
    return used ? null : 'wrong or used recovery code';
  }
  const factor = await findTotp(tx, user.id);
  if (!factor?.confirmedAt) return 'no second factor';
  const result = checkTotp(box.open(user.id, factor.sealedSecret), proof.code, now, factor.lastStep);
  if (result.kind === 'wrong') return 'wrong code';
  if (result.kind === 'replayed' || !(await takeStep(tx, user.id, result.step, null)))
    return 'code already used';
  return null;
}
