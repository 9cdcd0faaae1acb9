import type { PasskeyAssertionBody, User } from '@risk-profile/contracts';
import { recordAudit } from '../audit';
import { clearFailures, reserveAttempt, settleFailure } from '../lockout';
import { accountLocked } from '../mfa/mfa-deps';
import type { PendingSignIn } from '../mfa/pending-sign-in';
import { startSession } from '../sessions/start-session';
import { emailKey } from '../user-repository';
import { checkAssertion } from './passkey-assertion';
import type { IssuedChallenge } from './passkey-challenges';
import { type PasskeyDeps, passkeyRefused, promptExpired } from './passkey-deps';
import { pendingAccount } from './pending-account';

/**
 * The second step of a sign-in with one of the account's passkeys instead of a code. It shares
 * the codes' rules: the attempt counts towards the account's lock before the check, a refused
 * one stays counted, and only a success clears the count, in the session's transaction.
 */
export async function verifySecondStepPasskey(
  deps: PasskeyDeps,
  command: {
    pending: PendingSignIn | null;
    challenge: IssuedChallenge | null;
    response: PasskeyAssertionBody['response'];
    ip: string;
    userAgent: string | null;
  },
): Promise<{ user: User; token: string }> {
  const now = deps.clock();
  const user = await pendingAccount(deps.sql, command.pending);
  if (!command.challenge || command.challenge.userId !== user.id) throw promptExpired(401);
  const key = emailKey(user.email);
  const audit = {
    at: now,
    event: 'second_factor_check' as const,
    email: key,
    userId: user.id,
    ip: command.ip,
  };
  const reservation = await reserveAttempt(deps.sql, key, now);
  if (reservation.kind === 'locked') {
    await recordAudit(deps.sql, { ...audit, outcome: 'refused', detail: 'account locked' });
    throw accountLocked(Math.max(1, Math.ceil((reservation.until.getTime() - now.getTime()) / 1000)));
  }
  const check = await checkAssertion(deps.sql, {
    response: command.response,
    challenge: command.challenge.challenge,
    relyingParty: deps.relyingParty(),
    userId: user.id,
    now,
  });
  if (check.kind === 'refused') {
    await deps.sql.transaction(async (tx) => {
      await settleFailure(tx, reservation.attempt);
      await recordAudit(tx, { ...audit, outcome: 'failure', detail: `passkey: ${check.reason}` });
      if (reservation.locks) await recordAudit(tx, { ...audit, event: 'account_locked', outcome: 'success' });
    });
    throw passkeyRefused();
  }
  const session = await startSession(deps, user, {
    ip: command.ip,
    userAgent: command.userAgent,
    method: 'passkey',
    now,
    alongside: (tx) => clearFailures(tx, key, reservation.attempt),
  });
  return { user: session.user, token: session.token };
}
