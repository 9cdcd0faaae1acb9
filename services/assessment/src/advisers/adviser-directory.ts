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
/** A known adviser is still used this long after it expired while the adviser service cannot answer. */
export const STALE_IF_ERROR_MS = 60 * 60_000;
const MAX_CACHED = 10_000;

export interface AdviserDirectoryOptions {
  now?: () => number;
  /**
   * How long one lookup may take (2 s, for a lookup that crosses the network). Null for an
   * adviser service in this process, where a timeout would only measure the event loop's load.
   */
  timeoutMs?: number | null;
}

type Entry = { adviser: ReportAdviser | null; until: number };

/**
 * The adviser service's internal lookup (GET /internal/advisers/:slug, which unlike the public
 * one carries the adviser's email, licence number and disclaimer), cached so a draft for a known
 * adviser does not wait on another service: only the first draft of a slug, or one after the
 * cache expired, asks, and drafts that arrive together for one slug share that one question.
 * With several adviser instances (a pool), one that cannot be reached is passed over and the
 * next asked; when none answers, an adviser known within the last hour is still used.
 */
export function httpAdviserDirectory(
  adviserService: HttpUpstream,
  { now = Date.now, timeoutMs = 2_000 }: AdviserDirectoryOptions = {},
): AdviserDirectory {
  const cache = new Map<string, Entry>();
  const asking = new Map<string, Promise<ReportAdviser | null>>();

  async function ask(slug: string): Promise<ReportAdviser | null> {
    const res = await adviserService.get(internalAdviserPath(slug), { timeoutMs });
    if (res.status !== 200) await res.body?.cancel();
    if (res.status !== 200 && res.status !== 404) throw new Error(`adviser lookup answered ${res.status}`);
    if (res.status === 404) return null;
    const found = reportAdviserSchema.parse(await res.json());
    return {
      slug: found.slug,
      adviserName: found.adviserName,
      companyName: found.companyName,
      email: found.email,
      licenceNumber: found.licenceNumber ?? null,
      disclaimer: found.disclaimer ?? null,
    };
  }

  async function refresh(slug: string, stale: Entry | undefined): Promise<ReportAdviser | null> {
    try {
      const adviser = await ask(slug);
      if (cache.size >= MAX_CACHED) cache.clear();
      cache.set(slug, { adviser, until: now() + (adviser ? KNOWN_TTL_MS : UNKNOWN_TTL_MS) });
      return adviser;
    } catch (error) {
      if (stale?.adviser && now() < stale.until + STALE_IF_ERROR_MS) return stale.adviser;
      throw error;
    } finally {
      asking.delete(slug);
    }
  }

  return {
    find(slug) {
      const hit = cache.get(slug);
      if (hit && now() < hit.until) return Promise.resolve(hit.adviser);
      let pending = asking.get(slug);
      if (!pending) {
        pending = refresh(slug, hit);
        asking.set(slug, pending);
      }
      return pending;
    },
  };
}
