import type { z } from 'zod';

type StorageKind = 'local' | 'session';

function storageOf(kind: StorageKind): Storage {
  return kind === 'local' ? window.localStorage : window.sessionStorage;
}

/**
 * Reads and validates a JSON value. Private browsing, full quotas and corrupt or outdated data all
 * fall back to the default: saved data is a convenience, never a reason to break the page.
 */
export function readStored<T>(kind: StorageKind, key: string, schema: z.ZodType<T>, fallback: T): T {
  try {
    const raw = storageOf(kind).getItem(key);
    if (raw === null) return fallback;
    const parsed = schema.safeParse(JSON.parse(raw));
    if (parsed.success) return parsed.data;
    console.warn(`Discarding invalid stored value for ${key}`);
    storageOf(kind).removeItem(key);
    return fallback;
  } catch (error) {
    console.warn(`Could not read ${key} from ${kind} storage`, error);
    return fallback;
  }
}

export function writeStored(kind: StorageKind, key: string, value: unknown): boolean {
  try {
    storageOf(kind).setItem(key, JSON.stringify(value));
    return true;
  } catch (error) {
    console.warn(`Could not write ${key} to ${kind} storage`, error);
    return false;
  }
}

export function removeStored(kind: StorageKind, key: string): void {
  try {
    storageOf(kind).removeItem(key);
  } catch (error) {
    console.warn(`Could not remove ${key} from ${kind} storage`, error);
  }
}
