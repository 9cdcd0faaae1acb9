import { buildPath, getAdviserEndpoint } from '@risk-profile/contracts';

/** Which adviser pages exist: a draft may name only an existing adviser. */
export interface AdviserDirectory {
  /** True when the adviser exists; throws when the adviser service cannot be asked. */
  exists(slug: string): Promise<boolean>;
}

/** A known adviser stays known for this long; an unknown one is asked again sooner. */
export const KNOWN_TTL_MS = 5 * 60_000;
export const UNKNOWN_TTL_MS = 10_000;
const MAX_CACHED = 10_000;

/**
 * The adviser service's public lookup (GET /api/advisers/:slug), cached so a draft for a known
 * adviser does not wait on another service: only the first draft of a slug, or one after the
 * cache expired, asks.
 */
export function httpAdviserDirectory(
  origin: () => Promise<string> | string,
  now: () => number = Date.now,
): AdviserDirectory {
  const cache = new Map<string, { exists: boolean; until: number }>();
  return {
    async exists(slug) {
      const hit = cache.get(slug);
      if (hit && now() < hit.until) return hit.exists;
      const url = new URL(buildPath(getAdviserEndpoint, { slug }), await origin());
      const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      await res.body?.cancel();
      if (res.status !== 200 && res.status !== 404) throw new Error(`adviser lookup answered ${res.status}`);
      const exists = res.status === 200;
      if (cache.size >= MAX_CACHED) cache.clear();
      cache.set(slug, { exists, until: now() + (exists ? KNOWN_TTL_MS : UNKNOWN_TTL_MS) });
      return exists;
    },
  };
}
