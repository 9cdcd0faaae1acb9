/** A value that canonical JSON can represent: what a signed assessment is made of. */
export type CanonicalValue =
  | string
  | number
  | boolean
  | null
  | readonly CanonicalValue[]
  | { readonly [key: string]: CanonicalValue };

/**
 * JSON with object keys sorted by UTF-16 code units at every level and no whitespace, so the same
 * content always yields the same bytes. For strings, integers, booleans and null this equals the
 * JSON Canonicalization Scheme (RFC 8785), so an auditor can recompute it with any JCS library.
 */
export function canonicalJson(value: CanonicalValue): string {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return JSON.stringify(value);
  if (typeof value === 'number') {
    // Non-finite numbers have no JSON form; silently writing null would sign something else.
    if (!Number.isFinite(value)) throw new TypeError('canonicalJson: numbers must be finite');
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) return `[${value.map((item: CanonicalValue) => canonicalJson(item)).join(',')}]`;
  const object = value as { readonly [key: string]: CanonicalValue };
  const keys = Object.keys(object).sort();
  return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(object[key]!)}`).join(',')}}`;
}
