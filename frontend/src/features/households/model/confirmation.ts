import { confirmHouseholdProfileBodySchema } from '@risk-profile/contracts';

/** What the signature field says before sending, by the request's own schema; null when it will do. */
export function signatureProblem(token: string, signatureName: string): string | null {
  const result = confirmHouseholdProfileBodySchema.safeParse({ token, signatureName });
  if (result.success) return null;
  const issue =
    result.error.issues.find((candidate) => candidate.path[0] === 'signatureName') ?? result.error.issues[0];
  return issue?.message ?? null;
}
