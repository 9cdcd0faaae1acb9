/** Optional text as stored: surrounding whitespace trimmed, and absent, null or blank all null. */
export const blankToNull = (value: string | null | undefined): string | null => {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
};
