/** The adviser service's minimum (passwords.ts); the server checks it again, with common passwords. */
export const MIN_PASSWORD_LENGTH = 12;

/** What the set-password form says before sending, per field. */
export function passwordProblem(
  password: string,
  confirmation: string,
): { password?: string; confirmation?: string } {
  const problems: { password?: string; confirmation?: string } = {};
  if (password.length < MIN_PASSWORD_LENGTH)
    problems.password = `The password must be at least ${MIN_PASSWORD_LENGTH} characters.`;
  if (confirmation !== password) problems.confirmation = 'The two passwords do not match.';
  return problems;
}
