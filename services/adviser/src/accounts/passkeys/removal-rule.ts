/** What an account keeps once a passkey is gone. */
export interface RemainingWaysIn {
  /** Passkeys left after this one. */
  otherPasskeys: number;
  /** A confirmed authenticator app. */
  totp: boolean;
  /** A password is set (an invited account without one signs in by no password). */
  password: boolean;
  /** MFA_REQUIRED_ROLES names the account's role. */
  roleRequiresSecondFactor: boolean;
}

export type RemovalRefusal = 'last-way-in' | 'required-by-policy';

/**
 * Whether removing a passkey would leave the account locked out (no password and no other
 * passkey) or below its role's policy (no app and no other passkey): the reason, or null.
 */
export function removalRefusal(left: RemainingWaysIn): RemovalRefusal | null {
  if (left.otherPasskeys > 0) return null;
  if (!left.password) return 'last-way-in';
  if (left.roleRequiresSecondFactor && !left.totp) return 'required-by-policy';
  return null;
}
