import {
  type PasskeyAssertionBody,
  SSO_REFUSAL_MESSAGES,
  SSO_REQUIRED_MESSAGE,
  type User,
} from '@risk-profile/contracts';
import { HttpError } from '@risk-profile/platform';
import { type AuditEntry, recordAudit } from '../audit';
import { startSession } from '../sessions/start-session';
import { emailKey, findUserById } from '../user-repository';
import { checkAssertion } from './passkey-assertion';
import type { IssuedChallenge } from './passkey-challenges';
import { type PasskeyDeps, passkeyRefused, promptExpired } from './passkey-deps';

/**
 * A sign-in with a passkey instead of a password: the browser's discoverable credential names
 * the account, and its user verification makes it two factors, so the session is a full one
 * whatever MFA_REQUIRED_ROLES says. Nothing can be guessed here (a signature, not a secret), so
 * the password's lock does not apply; every outcome is audited as `passkey_login`.
 */
export async function passkeySignIn(
  deps: PasskeyDeps,
  command: {
    response: PasskeyAssertionBody['response'];
    challenge: IssuedChallenge | null;
    ip: string;
    userAgent: string | null;
  },
): Promise<{ user: User; token: string }> {
  const now = deps.clock();
  const audit = (entry: Pick<AuditEntry, 'email' | 'userId' | 'outcome' | 'detail'>) =>
    recordAudit(deps.sql, { at: now, event: 'passkey_login', ip: command.ip, ...entry });
  const { challenge } = command;
  if (!challenge) {
    await audit({ outcome: 'refused', detail: 'missing or expired challenge' });
    throw promptExpired(401);
  }
  const check = await checkAssertion(deps.sql, {
    response: command.response,
    challenge: challenge.challenge,
    relyingParty: deps.relyingParty(),
    userId: null,
    now,
  });
  const owner = check.passkey ? await findUserById(deps.sql, check.passkey.userId) : null;
  const who = owner ? { email: emailKey(owner.email), userId: owner.id } : {};
  if (check.kind === 'refused' || !owner) {
    await audit({
      ...who,
      outcome: 'failure',
      detail: check.kind === 'refused' ? check.reason : 'no account',
    });
    throw passkeyRefused();
  }
  const refusal = owner.disabled
    ? {
        detail: 'account disabled',
        error: new HttpError(401, SSO_REFUSAL_MESSAGES.disabled, 'ACCOUNT_DISABLED'),
      }
    : challenge.purpose === 'sign-in-admin' && owner.role !== 'admin'
      ? {
          detail: 'not an administrator',
          error: new HttpError(401, SSO_REFUSAL_MESSAGES['not-admin'], 'NOT_ADMIN'),
        }
      : deps.ssoOnlyRoles.includes(owner.role)
        ? { detail: 'single sign-on only', error: new HttpError(401, SSO_REQUIRED_MESSAGE, 'SSO_REQUIRED') }
        : null;
  if (refusal) {
    await audit({ ...who, outcome: 'refused', detail: refusal.detail });
    throw refusal.error;
  }
  const session = await startSession(deps, owner, {
    ip: command.ip,
    userAgent: command.userAgent,
    method: 'passkey',
    now,
    alongside: (tx) =>
      recordAudit(tx, { at: now, event: 'passkey_login', ip: command.ip, ...who, outcome: 'success' }),
  });
  return { user: session.user, token: session.token };
}
