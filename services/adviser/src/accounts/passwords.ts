import { availableParallelism } from 'node:os';
import bcrypt from 'bcrypt';

/** The cost the security page states: 2^12 rounds. */
export const BCRYPT_COST = 12;
/** bcrypt reads at most 72 bytes; a longer password is refused rather than silently cut. */
export const MAX_PASSWORD_BYTES = 72;
export const MIN_ACCOUNT_PASSWORD_LENGTH = 12;

export const passwordTooLong = (password: string): boolean =>
  Buffer.byteLength(password, 'utf8') > MAX_PASSWORD_BYTES;

/**
 * bcrypt's native binding hashes on libuv's thread pool, so the event loop keeps serving. A storm
 * of sign-ins would still take every core from everyone else; at most this many hashes run at
 * once (one core is always left to the event loop), the rest wait their turn.
 */
export const MAX_CONCURRENT_HASHES = Math.max(1, availableParallelism() - 1);
/**
 * And they start at most this often per process, so a flat-out storm takes only part of a core
 * and leaves the rest to the clients answering questionnaires. Two sign-ins a second is still far
 * beyond what advisers and administrators need.
 */
export const MIN_MS_BETWEEN_HASHES = 500;

/**
 * A sign-in's password check waits behind at most this many others (about two seconds at the
 * spacing above); beyond that it is refused at once with HashingBusyError rather than held for as
 * long as a storm lasts. Hashing a new password (the accounts tool, the demo seed) always waits.
 */
export const MAX_WAITING_CHECKS = 4;

/** Too many password checks are waiting: the caller answers 503 with `Retry-After`. */
export class HashingBusyError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('too many password checks are waiting');
    this.name = 'HashingBusyError';
  }
}

let running = 0;
let lastStart = 0;
const waiting: Array<() => void> = [];

async function limited<T>(work: () => Promise<T>, options: { refuseWhenBusy?: boolean } = {}): Promise<T> {
  if (options.refuseWhenBusy && running >= MAX_CONCURRENT_HASHES && waiting.length >= MAX_WAITING_CHECKS) {
    throw new HashingBusyError(Math.ceil(((waiting.length + 1) * MIN_MS_BETWEEN_HASHES) / 1000));
  }
  if (running >= MAX_CONCURRENT_HASHES) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  const wait = lastStart + MIN_MS_BETWEEN_HASHES - Date.now();
  lastStart = Math.max(Date.now(), lastStart + MIN_MS_BETWEEN_HASHES);
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  try {
    return await work();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

export async function hashPassword(password: string, cost = BCRYPT_COST): Promise<string> {
  if (passwordTooLong(password)) throw new RangeError(`Passwords are at most ${MAX_PASSWORD_BYTES} bytes`);
  return limited(() => bcrypt.hash(password, cost));
}

let dummyHash: Promise<string> | undefined;

/**
 * Checks a password against a stored hash. For an unknown account it compares against a dummy
 * hash of the same cost, so a wrong email takes as long as a wrong password. Throws
 * HashingBusyError when too many checks are already waiting.
 */
export async function verifyPassword(password: string, hash: string | undefined): Promise<boolean> {
  if (passwordTooLong(password)) return false;
  dummyHash ??= hashPassword('not-a-real-password-for-timing');
  const against = hash ?? (await dummyHash);
  const matches = await limited(() => bcrypt.compare(password, against), { refuseWhenBusy: true });
  return hash !== undefined && matches;
}

/**
 * Passwords people reuse most that pass the length rule (lists of breached passwords, 12+
 * characters); a long password of one repeated character or a run of the keyboard is refused too.
 */
const COMMON = new Set([
  '123456789012',
  '1234567890123',
  '12345678901234',
  '123456789123',
  'password1234',
  'password12345',
  'password123456',
  'passwordpassword',
  'qwertyuiopas',
  'qwertyuiop123',
  'qwerty123456',
  '1q2w3e4r5t6y',
  '1qaz2wsx3edc',
  'zaq12wsxcde3',
  'iloveyou1234',
  'abcdefghijkl',
  'abc123456789',
  'administrator',
  'admin1234567',
  'letmein12345',
  'welcome12345',
  'changeme1234',
  'football1234',
  'baseball1234',
  'sunshine1234',
  'princess1234',
  'superman1234',
  'trustno1trustno1',
  'monkey123456',
  'dragon123456',
  'asdfghjkl123',
  'asdfasdfasdf',
  'qwerasdfzxcv',
  'q1w2e3r4t5y6',
  'passw0rd1234',
  'p@ssw0rd1234',
  'p@ssword1234',
]);

const SEQUENCES = ['0123456789', 'abcdefghijklmnopqrstuvwxyz', 'qwertyuiop', 'asdfghjkl', 'zxcvbnm'];

/** Why a new password is refused, or undefined when it is acceptable. */
export function weakPasswordReason(password: string): string | undefined {
  if (password.length < MIN_ACCOUNT_PASSWORD_LENGTH)
    return `The password must be at least ${MIN_ACCOUNT_PASSWORD_LENGTH} characters.`;
  if (passwordTooLong(password)) return `The password must be at most ${MAX_PASSWORD_BYTES} bytes.`;
  const lower = password.toLowerCase();
  if (COMMON.has(lower) || /^(.)\1+$/.test(lower) || SEQUENCES.some((run) => run.includes(lower)))
    return 'The password is one of the most common passwords; choose another.';
  return undefined;
}
