/**
 * zod's `z.email()` pattern, which the services apply to every address they accept; the unit test
 * holds the two identical. Copied rather than imported so that the first screen, which checks
 * addresses, does not download zod's whole table of patterns with it.
 */
export const EMAIL_PATTERN =
  // biome-ignore lint/complexity/noUselessEscapeInRegex: kept character for character as zod writes it.
  /^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$/;

/** Whether a string is an email address by the same rule as the services. */
export function isEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value);
}
