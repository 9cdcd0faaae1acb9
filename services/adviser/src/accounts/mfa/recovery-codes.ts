import { createHash, randomBytes } from 'node:crypto';

/** How many codes an account gets, each good for one sign-in. */
export const RECOVERY_CODE_COUNT = 10;
const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/**
 * Ten random base32 characters (50 bits) shown as `abcde-fghij`. A plain SHA-256 is kept: a
 * random 50-bit code cannot be found from its hash in the lifetime of the account's lock (10
 * tries per 15 minutes), and a slow hash would cost every recovery sign-in for nothing.
 */
export function newRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  return Array.from({ length: count }, () => {
    const chars = [...randomBytes(10)].map((byte) => BASE32[byte & 31]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** The stored form of a code, from what its holder typed (the contract drops case, spaces and dashes). */
export const recoveryCodeHash = (code: string): string =>
  createHash('sha256')
    .update(code.replace(/[\s-]+/g, '').toLowerCase(), 'utf8')
    .digest('hex');
