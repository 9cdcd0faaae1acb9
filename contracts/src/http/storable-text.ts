/**
 * Text a database can store: PostgreSQL's text and jsonb refuse the NUL character and lone UTF-16
 * surrogates (half of a character), so a request carrying either is refused at the contract with
 * the field named, instead of failing later in a write.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const UNSTORABLE_TEXT_MESSAGE = 'must not contain a NUL character or invalid Unicode';

/** `String#isWellFormed` (ES2024) where the runtime has it: a scan without the regex's backtracking. */
const wellFormed: ((value: string) => boolean) | undefined =
  typeof (String.prototype as { isWellFormed?: unknown }).isWellFormed === 'function'
    ? (value) => (value as unknown as { isWellFormed(): boolean }).isWellFormed()
    : undefined;

export function isStorableText(value: string): boolean {
  if (value.includes('\u0000')) return false;
  return wellFormed ? wellFormed(value) : !LONE_SURROGATE.test(value);
}

/** The path of the first string (value or key) in `input` that cannot be stored, or undefined. */
export function findUnstorableText(input: unknown, path: readonly string[] = []): string[] | undefined {
  const found = unstorablePath(input);
  return found && [...path, ...found];
}

/**
 * The walk behind findUnstorableText, in document order (a key before its value). It keeps its
 * own stack rather than recursing, so no nesting a client sends can exhaust the call stack; each
 * entry remembers its parent and key, and the path is built only for a string that failed.
 */
function unstorablePath(input: unknown): string[] | undefined {
  if (typeof input === 'string') return isStorableText(input) ? undefined : [];
  if (typeof input !== 'object' || input === null) return undefined;
  const values: unknown[] = [input];
  const parents: number[] = [-1];
  const keys: (string | number)[] = [''];
  const pending: number[] = [0];
  while (pending.length > 0) {
    const at = pending.pop()!;
    const value = values[at];
    if (typeof value === 'string') {
      if (!isStorableText(value)) return pathOf(at, parents, keys);
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    const first = values.length;
    if (Array.isArray(value)) {
      for (let index = 0; index < value.length; index++) {
        values.push(value[index]);
        parents.push(at);
        keys.push(index);
      }
    } else {
      for (const key in value) {
        if (!Object.hasOwn(value, key)) continue;
        // The key itself is checked as an entry of its own, with the same path as its value.
        values.push(key, (value as Record<string, unknown>)[key]);
        parents.push(at, at);
        keys.push(key, key);
      }
    }
    for (let entry = values.length - 1; entry >= first; entry--) pending.push(entry);
  }
  return undefined;
}

function pathOf(entry: number, parents: readonly number[], keys: readonly (string | number)[]): string[] {
  const path: string[] = [];
  for (let at = entry; at > 0; at = parents[at]!) path.push(String(keys[at]));
  return path.reverse();
}
