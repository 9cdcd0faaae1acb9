/**
 * Text a database can store: PostgreSQL's text and jsonb refuse the NUL character and lone UTF-16
 * surrogates (half of a character), so a request carrying either is refused at the contract with
 * the field named, instead of failing later in a write.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const UNSTORABLE_TEXT_MESSAGE = 'must not contain a NUL character or invalid Unicode';

export function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && !LONE_SURROGATE.test(value);
}

/** The path of the first string (value or key) in `input` that cannot be stored, or undefined. */
export function findUnstorableText(input: unknown, path: readonly string[] = []): string[] | undefined {
  if (typeof input === 'string') return isStorableText(input) ? undefined : [...path];
  if (Array.isArray(input)) {
    for (const [index, item] of input.entries()) {
      const found = findUnstorableText(item, [...path, String(index)]);
      if (found) return found;
    }
    return undefined;
  }
  if (typeof input === 'object' && input !== null) {
    for (const [key, value] of Object.entries(input)) {
      if (!isStorableText(key)) return [...path, key];
      const found = findUnstorableText(value, [...path, key]);
      if (found) return found;
    }
  }
  return undefined;
}
