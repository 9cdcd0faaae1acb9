import { Secret, TOTP } from 'otpauth';

/** RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, 30-second steps. */
export const TOTP_ISSUER = 'Risk Profile';
const ALGORITHM = 'SHA1';
const DIGITS = 6;
const PERIOD_SECONDS = 30;
/** One step either side: a phone's clock a little off, or a code typed as it changed. */
const WINDOW = 1;
/** 160 bits, the size RFC 4226 recommends for an HMAC-SHA-1 key. */
const SECRET_BYTES = 20;

/** A new random secret, base32 (no padding), as an app takes it typed in. */
export const newTotpSecret = (): string => new Secret({ size: SECRET_BYTES }).base32;

const totpOf = (base32: string, label = '', digits = DIGITS) =>
  new TOTP({
    issuer: TOTP_ISSUER,
    label,
    algorithm: ALGORITHM,
    digits,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(base32),
  });

/** The otpauth:// URI an app scans: issuer "Risk Profile", the account's email as the label. */
export const otpauthUri = (base32: string, email: string): string => totpOf(base32, email).toString();

/** The code of the step that holds `at` (digits other than 6 only for RFC 6238's test vectors). */
export const totpCode = (base32: string, at: Date, digits = DIGITS): string =>
  totpOf(base32, '', digits).generate({ timestamp: at.getTime() });

/** The time step (RFC 6238's T) that holds `at`. */
export const totpStep = (at: Date): number =>
  TOTP.counter({ period: PERIOD_SECONDS, timestamp: at.getTime() });

export type TotpCheck =
  /** `step` is the step the code belongs to: stored, so no code of it or an earlier one is taken again. */
  | { kind: 'accepted'; step: number }
  /** Right, but its step (or a later one) was accepted before: a code is used once. */
  | { kind: 'replayed' }
  | { kind: 'wrong' };

/**
 * Checks a code against the secret at `now`, one step either side, refusing any step at or before
 * `lastStep` (the last one accepted), so a code seen over a shoulder or in a log is worth nothing.
 */
export function checkTotp(base32: string, code: string, now: Date, lastStep: number | null): TotpCheck {
  const delta = totpOf(base32).validate({ token: code, timestamp: now.getTime(), window: WINDOW });
  if (delta === null) return { kind: 'wrong' };
  const step = totpStep(now) + delta;
  if (lastStep !== null && step <= lastStep) return { kind: 'replayed' };
  return { kind: 'accepted', step };
}
