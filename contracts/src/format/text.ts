/** Optional text as stored: surrounding whitespace trimmed, and absent, null or blank all null. */
export const blankToNull = (value: string | null | undefined): string | null => {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
};

/**
 * `text` with every whole-word occurrence of `name` (not one inside a longer word: "Al" is not
 * replaced in "Also") replaced by `by`.
 */
export function replaceName(text: string, name: string, by: string): string {
  if (name === '') return text;
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return text.replace(new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, 'gu'), () => by);
}
