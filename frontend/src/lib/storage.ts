import type { z } from 'zod';

type StorageKind = 'local' | 'session';

/** Turns a stored (JSON-parsed) value into a T, or undefined when it is not a valid one. */
export type StoredValueParser<T> = (value: unknown) => T | undefined;

/** A zod schema as a parser; the schema is passed in, so this module never loads zod itself. */
export function withSchema<T>(schema: z.ZodType<T>): StoredValueParser<T> {
  return (value) => {
    const parsed = schema.safeParse(value);
    return parsed.success ? parsed.data : undefined;
  };
}

function storageOf(kind: StorageKind): Storage {
  return kind === 'local' ? window.localStorage : window.sessionStorage;
}

/** Whether anything is stored under the key; false when storage cannot be read. */
export function hasStored(kind: StorageKind, key: string): boolean {
  try {
    return storageOf(kind).getItem(key) !== null;
  } catch (error) {
    console.warn(`Could not read ${key} from ${kind} storage`, error);
    return false;
  }
}

/**
 * Reads and validates a JSON value. Private browsing, full quotas and corrupt or outdated data all
 * fall back to the default: saved data is a convenience, never a reason to break the page.
 */
export function readStored<T>(kind: StorageKind, key: string, parse: StoredValueParser<T>, fallback: T): T {
  try {
    const raw = storageOf(kind).getItem(key);
    if (raw === null) return fallback;
    const parsed = parse(JSON.parse(raw));
    if (parsed !== undefined) return parsed;
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
