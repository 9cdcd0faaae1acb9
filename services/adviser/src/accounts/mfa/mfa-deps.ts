import type { UserRole } from '@risk-profile/contracts';
import {
  HttpError,
  type SecretBox,
  type SessionCookie,
  type SessionRevocations,
  type SessionTokens,
  type SessionVerifier,
  type SqlClient,
} from '@risk-profile/platform';
import { ACCOUNT_LOCKED_MESSAGE } from '../auth.routes';
import type { PendingSignIns } from './pending-sign-in';

/** What the second-factor use cases run on. */
export interface MfaDeps {
  sql: SqlClient;
  tokens: SessionTokens;
  cookie: SessionCookie;
  sessions: SessionVerifier;
  revocations: SessionRevocations;
  box: SecretBox;
  pending: PendingSignIns;
  /** MFA_REQUIRED_ROLES (mfa-policy.ts). */
  requiredRoles: ReadonlySet<UserRole>;
  clock: () => Date;
}

export const INVALID_CODE_MESSAGE =
  'That code is not right, or it was used already. Enter the newest code from your authenticator app.';
export const TOTP_ALREADY_ON_MESSAGE =
  'Two-step sign-in is already on for this account. Turn it off first to set up another app.';
export const TOTP_NOT_ON_MESSAGE = 'Two-step sign-in is not on for this account.';

export const invalidCode = () => new HttpError(400, INVALID_CODE_MESSAGE, 'INVALID_CODE');
/** Wrong codes share the lock of wrong passwords, and its answer. */
export const accountLocked = (retryAfterSeconds: number) =>
  new HttpError(429, ACCOUNT_LOCKED_MESSAGE, 'ACCOUNT_LOCKED', undefined, retryAfterSeconds);
