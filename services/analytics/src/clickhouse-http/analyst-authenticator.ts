import { createHash } from 'node:crypto';
import {
  ANALYST_CREDENTIALS_PATH,
  type AnalystCredentialsBody,
  type AnalystIdentity,
  analystCredentialsResponses,
} from '@risk-profile/contracts';
import { isConnectionFailure } from '@risk-profile/platform';

/** A credential sent to /clickhouse: an analyst's email and password, or an API token. */
export type AnalystCredential =
  | { kind: 'password'; email: string; password: string }
  | { kind: 'token'; token: string };

export type AnalystVerdict =
  | { kind: 'analyst'; analyst: AnalystIdentity }
  /** 401: wrong or unknown; 403: a valid account without analyst access; 429: limited or locked. */
  | { kind: 'refused'; status: 401 | 403 | 429; message: string };

/** Port: whose credential this is. The adviser service keeps the accounts and their tokens. */
export interface AnalystAuthenticator {
  verify(credential: AnalystCredential, ip: string): Promise<AnalystVerdict>;
}

/**
 * The adviser service's addresses for one request, in the order to try them: an upstream pool's
 * `attempts()` in the distributed mode, the in-process origin of its app in the embedded one.
 */
export type AdviserOrigins = () => Promise<readonly string[]> | readonly string[];

/**
 * The adviser service's internal check (ANALYST_CREDENTIALS_PATH). A check is not a change, so
 * an address whose connection fails is passed over for the next.
 */
export function httpAnalystAuthenticator(origins: AdviserOrigins): AnalystAuthenticator {
  const post = async (body: AnalystCredentialsBody): Promise<Response> => {
    let failure: unknown = new Error('the adviser service has no address');
    for (const origin of await origins()) {
      try {
        return await fetch(new URL(ANALYST_CREDENTIALS_PATH, origin), {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(5_000),
        });
      } catch (error) {
        if (!isConnectionFailure(error)) throw error;
        failure = error;
      }
    }
    throw failure;
  };
  return {
    async verify(credential, ip) {
      const res = await post({ ...credential, ip });
      const json: unknown = await res.json().catch(() => ({}));
      if (res.status === 200)
        return { kind: 'analyst', analyst: analystCredentialsResponses[200].parse(json).analyst };
      if (res.status === 401 || res.status === 403 || res.status === 429) {
        const parsed = analystCredentialsResponses[res.status].safeParse(json);
        return {
          kind: 'refused',
          status: res.status,
          message: parsed.success ? parsed.data.error : 'Refused',
        };
      }
      throw new Error(`the adviser service's credential check answered ${res.status}`);
    },
  };
}

/**
 * Remembers a successful check for `ttlMs`: the check is a bcrypt hash on the adviser service,
 * far too slow for every query a BI tool sends. Keyed by a SHA-256 of the credential, never the
 * credential itself, so a revoked token or changed password keeps working at most `ttlMs` here.
 * Refusals are not remembered (a fixed password works at once).
 */
export function cachedAnalystAuthenticator(
  inner: AnalystAuthenticator,
  options: { ttlMs: number; now?: () => number; maxEntries?: number },
): AnalystAuthenticator {
  const now = options.now ?? Date.now;
  const maxEntries = options.maxEntries ?? 1_000;
  const cache = new Map<string, { analyst: AnalystIdentity; until: number }>();
  return {
    async verify(credential, ip) {
      const key = createHash('sha256')
        .update(
          credential.kind === 'password'
            ? `p\0${credential.email.toLowerCase()}\0${credential.password}`
            : `t\0${credential.token}`,
        )
        .digest('base64');
      const hit = cache.get(key);
      if (hit && hit.until > now()) return { kind: 'analyst', analyst: hit.analyst };
      cache.delete(key);
      const verdict = await inner.verify(credential, ip);
      if (verdict.kind === 'analyst' && options.ttlMs > 0) {
        if (cache.size >= maxEntries) cache.delete(cache.keys().next().value!);
        cache.set(key, { analyst: verdict.analyst, until: now() + options.ttlMs });
      }
      return verdict;
    },
  };
}
