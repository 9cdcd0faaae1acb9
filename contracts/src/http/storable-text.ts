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
 * The walk behind findUnstorableText. It runs on every request body, so it allocates nothing
 * while all is well: the path is built only on the way back from a string that failed.
 */
function unstorablePath(input: unknown): string[] | undefined {
  if (typeof input === 'string') return isStorableText(input) ? undefined : [];
  if (typeof input !== 'object' || input === null) return undefined;
  if (Array.isArray(input)) {
    for (let index = 0; index < input.length; index++) {
      const found = unstorablePath(input[index]);
      if (found) {
        found.unshift(String(index));
        return found;
      }
    }
    return undefined;
  }
  for (const key in input) {
    if (!Object.hasOwn(input, key)) continue;
    if (!isStorableText(key)) return [key];
    const found = unstorablePath((input as Record<string, unknown>)[key]);
    if (found) {
      found.unshift(key);
      return found;
    }
  }
  return undefined;
}
