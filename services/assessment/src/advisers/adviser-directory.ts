import { internalAdviserPath, type ReportAdviser, reportAdviserSchema } from '@risk-profile/contracts';
import type { HttpUpstream } from '@risk-profile/platform';

/** Which adviser pages exist, and where each adviser's reports go: a draft may name only an existing adviser. */
export interface AdviserDirectory {
  /** The adviser's name, company, email and firm identity (licence, disclaimer), or null when no adviser has the slug; throws when the adviser service cannot be asked. */
  find(slug: string): Promise<ReportAdviser | null>;
}

/** A known adviser stays known for this long; an unknown one is asked again sooner. */
export const KNOWN_TTL_MS = 5 * 60_000;
export const UNKNOWN_TTL_MS = 10_000;
const MAX_CACHED = 10_000;

/**
 * The adviser service's internal lookup (GET /internal/advisers/:slug, which unlike the public
 * one carries the adviser's email, licence number and disclaimer), cached so a draft for a known
 * adviser does not wait on another service: only the first draft of a slug, or one after the
 * cache expired, asks. With several adviser instances (a pool), one that cannot be reached is
 * passed over and the next asked.
 */
export function httpAdviserDirectory(
  adviserService: HttpUpstream,
  now: () => number = Date.now,
): AdviserDirectory {
  const cache = new Map<string, { adviser: ReportAdviser | null; until: number }>();
  return {
    async find(slug) {
      const hit = cache.get(slug);
      if (hit && now() < hit.until) return hit.adviser;
      const res = await adviserService.get(internalAdviserPath(slug), { timeoutMs: 2_000 });
      if (res.status !== 200) await res.body?.cancel();
      if (res.status !== 200 && res.status !== 404) throw new Error(`adviser lookup answered ${res.status}`);
      let adviser: ReportAdviser | null = null;
      if (res.status === 200) {
        const found = reportAdviserSchema.parse(await res.json());
        adviser = {
          slug: found.slug,
          adviserName: found.adviserName,
          companyName: found.companyName,
          email: found.email,
          licenceNumber: found.licenceNumber ?? null,
          disclaimer: found.disclaimer ?? null,
        };
      }
      if (cache.size >= MAX_CACHED) cache.clear();
      cache.set(slug, { adviser, until: now() + (adviser ? KNOWN_TTL_MS : UNKNOWN_TTL_MS) });
      return adviser;
    },
  };
}
