import { SSO_REFUSALS, type SsoRefusal } from '@risk-profile/contracts';

export interface SignInSearch {
  ssoError?: SsoRefusal;
}

/**
 * The sign-in pages' search, as the contract's signInSearchSchema reads it: a known refusal of
 * single sign-on, anything else ignored. Read by hand because the route table, which every page
 * loads, would otherwise bring zod to the first screen.
 */
export function parseSignInSearch(search: Record<string, unknown>): SignInSearch {
  const { ssoError } = search;
  return SSO_REFUSALS.some((refusal) => refusal === ssoError) ? { ssoError: ssoError as SsoRefusal } : {};
}
