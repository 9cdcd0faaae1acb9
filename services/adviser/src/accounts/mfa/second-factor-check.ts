import type { SignInMethod } from '@risk-profile/contracts';
import type { SecretBox, SqlClient, SqlExecutor } from '@risk-profile/platform';
import { type AuditEvent, recordAudit } from '../audit';
import { type LockStatus, lockStatus, recordFailure } from '../lockout';
import { emailKey, findUserAndTotpLockingAttempts, type UserRecord } from '../user-repository';
import { recoveryCodeHash } from './recovery-codes';
import { type TotpFactor, takeStepUnlessLocked, useRecoveryCode } from './second-factor-store';
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
 * takes nothing, a wrong or replayed code is counted as a failure, a right one clears the count.
 * So wrong codes and wrong passwords share one lock of 10 per 15 minutes. A success is audited by
 * what it was for (the session's start, the app turned off).
 */
export async function withSecondFactor<T>(deps: {
  sql: SqlClient;
  box: SecretBox;
  userId: string;
  proof: SecondFactorProof;
  ip: string;
  now: Date;
  event: AuditEvent;
  /** Whether the account, as read with the lock, may go on (signing in: enabled, same session version). */
  admits?: (user: UserRecord) => boolean;
  /**
   * What the proof is for, in its transaction. `clearsFailuresOf` is the email key whose counted
   * failures it must clear (startSession's option of that name, or clearFailures), null when none
   * count: rows older than the window count for nothing and go with the next prune.
   */
  onAccepted: (
    tx: SqlExecutor,
    user: UserRecord,
    method: SecondFactorMethod,
    clearsFailuresOf: string | null,
  ) => Promise<T>;
}): Promise<SecondFactorCheck<T>> {
  const { proof, ip, now, event } = deps;
  return deps.sql.transaction(async (tx): Promise<SecondFactorCheck<T>> => {
    const found = await findUserAndTotpLockingAttempts(tx, deps.userId);
    if (!found || (deps.admits && !deps.admits(found.user))) return { kind: 'not-admitted' };
    const { user } = found;
    const key = emailKey(user.email);
    const audit = { at: now, event, email: key, userId: user.id, ip };
    const { status, failure } = await takeProof(tx, { box: deps.box, user, totp: found.totp, proof, now });
    if (status.until) {
      await recordAudit(tx, { ...audit, outcome: 'refused', detail: 'account locked' });
      return {
        kind: 'locked',
        retryAfterSeconds: Math.max(1, Math.ceil((status.until.getTime() - now.getTime()) / 1000)),
      };
    }
    if (failure) {
      await recordFailure(tx, key, now);
      await recordAudit(tx, { ...audit, outcome: 'failure', detail: failure });
      if (status.lastBeforeLock)
        await recordAudit(tx, { ...audit, event: 'account_locked', outcome: 'success' });
      return { kind: 'refused' };
    }
    // None counted (the password step of a sign-in freed its own): nothing to clear.
    const method = 'recoveryCode' in proof ? 'recovery-code' : 'totp';
    return {
      kind: 'accepted',
      value: await deps.onAccepted(tx, user, method, status.counted > 0 ? key : null),
    };
  });
}

/**
 * Reads the account's lock (held already) and, unless it is locked, takes the proof: why it
 * fails, or null once it is taken. A code is checked against the app before the count is read
 * (checking writes nothing), so a right one is taken by the statement that reads the count. Each
 * write is one conditional statement, so a code's step or a recovery code is taken once even by
 * two requests at once, and none while the account is locked.
 */
async function takeProof(
  tx: SqlExecutor,
  { box, user, totp, proof, now }: TakeProofCommand,
): Promise<{ status: LockStatus; failure: string | null }> {
  const key = emailKey(user.email);
  if ('recoveryCode' in proof) {
    const status = await lockStatus(tx, key, now);
    if (status.until) return { status, failure: null };
    const used = await useRecoveryCode(tx, user.id, recoveryCodeHash(proof.recoveryCode), now);
    return { status, failure: used ? null : 'wrong or used recovery code' };
  }
  const check = totp?.confirmedAt
    ? checkTotp(box.open(user.id, totp.sealedSecret), proof.code, now, totp.lastStep)
    : null;
  if (check?.kind !== 'accepted') {
    const failure = !check ? 'no second factor' : check.kind === 'wrong' ? 'wrong code' : 'code already used';
    return { status: await lockStatus(tx, key, now), failure };
  }
  const { status, taken } = await takeStepUnlessLocked(tx, {
    userId: user.id,
    step: check.step,
    emailKey: key,
    now,
  });
  return { status, failure: taken ? null : 'code already used' };
}

interface TakeProofCommand {
  box: SecretBox;
  user: UserRecord;
  /** The app as read with the account, before the lock was granted: takeStepUnlessLocked sees the newest row. */
  totp: TotpFactor | null;
  proof: SecondFactorProof;
  now: Date;
}
