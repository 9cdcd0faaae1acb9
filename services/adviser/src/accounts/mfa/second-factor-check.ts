import type { SignInMethod } from '@risk-profile/contracts';
import type { SqlClient, SqlExecutor } from '@risk-profile/platform';
import { type AuditEvent, recordAudit } from '../audit';
import { clearFailures, reserveAttempt, settleFailure } from '../lockout';
import { emailKey, type UserRecord } from '../user-repository';
import { recoveryCodeHash } from './recovery-codes';
import { findTotp, type TotpSecretBox, takeStep, useRecoveryCode } from './second-factor-store';
import { checkTotp } from './totp';

/** What proves the second factor: a code from the app, or (signing in only) a recovery code. */
export type SecondFactorProof = { code: string } | { recoveryCode: string };

export type SecondFactorCheck =
  | {
      kind: 'accepted';
      method: Extract<SignInMethod, 'totp' | 'recovery-code'>;
      /** Clears the account's failures: run in the transaction of what the proof was for. */
      settle: (tx: SqlExecutor) => Promise<void>;
    }
  | { kind: 'refused' }
  | { kind: 'locked'; retryAfterSeconds: number };

/**
 * Checks a proof of the account's second factor as a password is checked (lockout.ts): the
 * attempt is counted before the check, a locked account checks nothing, a wrong or replayed code
 * stays counted and only a success clears the count (`settle`, with what it was for). So wrong
 * codes and wrong passwords share one lock of 10 per 15 minutes. A success is audited by what it
 * was for (the session's start, the app turned off).
 */
export async function checkSecondFactor(deps: {
  sql: SqlClient;
  box: TotpSecretBox;
  user: UserRecord;
  proof: SecondFactorProof;
  ip: string;
  now: Date;
  event: AuditEvent;
}): Promise<SecondFactorCheck> {
  const { sql, user, proof, ip, now, event } = deps;
  const key = emailKey(user.email);
  const audit = { at: now, event, email: key, userId: user.id, ip };
  const reservation = await reserveAttempt(sql, key, now);
  if (reservation.kind === 'locked') {
    await recordAudit(sql, { ...audit, outcome: 'refused', detail: 'account locked' });
    return {
      kind: 'locked',
      retryAfterSeconds: Math.max(1, Math.ceil((reservation.until.getTime() - now.getTime()) / 1000)),
    };
  }
  const failure = await proofFailure(deps);
  if (failure) {
    await sql.transaction(async (tx) => {
      await settleFailure(tx, reservation.attempt);
      await recordAudit(tx, { ...audit, outcome: 'failure', detail: failure });
      if (reservation.locks) await recordAudit(tx, { ...audit, event: 'account_locked', outcome: 'success' });
    });
    return { kind: 'refused' };
  }
  return {
    kind: 'accepted',
    method: 'recoveryCode' in proof ? 'recovery-code' : 'totp',
    settle: (tx) => clearFailures(tx, key, reservation.attempt),
  };
}

/**
 * Why the proof fails, or null once it is taken. Each write is one conditional statement, so a
 * code's step or a recovery code is taken once even by two requests at once, with no transaction.
 */
async function proofFailure({ sql, box, user, proof, now }: Parameters<typeof checkSecondFactor>[0]) {
  if ('recoveryCode' in proof) {
    const used = await useRecoveryCode(sql, user.id, recoveryCodeHash(proof.recoveryCode), now);
    return used ? null : 'wrong or used recovery code';
  }
  const factor = await findTotp(sql, user.id);
  if (!factor?.confirmedAt) return 'no second factor';
  const result = checkTotp(box.open(user.id, factor.sealedSecret), proof.code, now, factor.lastStep);
  if (result.kind === 'wrong') return 'wrong code';
  if (result.kind === 'replayed' || !(await takeStep(sql, user.id, result.step, null)))
    return 'code already used';
  return null;
}
