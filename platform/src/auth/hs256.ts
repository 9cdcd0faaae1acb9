import { createSecretKey, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';

/** Who issues a token and for whom: a token of one use never passes for another's. */
export interface Hs256Scope {
  issuer: string;
  audience: string;
}

/**
 * The key as a secret KeyObject. Given raw bytes or a string, jsonwebtoken first tries to parse
 * them as a PEM private (signing) or public (verifying) key and catches the throw: several times
 * the work of the HMAC itself, on every session check and sign-in. The bytes are the same.
 */
const secretKey = (key: string | Buffer): KeyObject =>
  createSecretKey(typeof key === 'string' ? Buffer.from(key, 'utf8') : key);

/** An HS256 token of `scope` carrying `payload` (its own `iat`, `exp` and `jti` included). */
export const signHs256 = (payload: object, key: string | Buffer, scope: Hs256Scope): string =>
  jwt.sign(payload, secretKey(key), { algorithm: 'HS256', issuer: scope.issuer, audience: scope.audience });

/**
 * The payload of an HS256 token of `scope` unexpired at `nowSeconds`, or null for anything else:
 * exactly HS256 is allowed (no `none`, no algorithm the token names); never throws on bad input.
 */
export function verifyHs256(
  token: string,
  key: string | Buffer,
  scope: Hs256Scope & { nowSeconds: number },
): Record<string, unknown> | null {
  try {
    const payload = jwt.verify(token, secretKey(key), {
      algorithms: ['HS256'],
      issuer: scope.issuer,
      audience: scope.audience,
      clockTimestamp: scope.nowSeconds,
    });
    return typeof payload === 'object' && payload !== null ? (payload as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
