import { SSO_REFUSALS, signInSearchSchema } from '@risk-profile/contracts';
import { describe, expect, it } from 'vitest';
import { parseSignInSearch } from './sign-in-search';

describe("the sign-in pages' search", () => {
  it('keeps every refusal the contract names', () => {
    for (const refusal of SSO_REFUSALS)
      expect(parseSignInSearch({ ssoError: refusal })).toEqual({ ssoError: refusal });
  });

  it('ignores an unknown refusal, a value of another type and any other parameter', () => {
    expect(parseSignInSearch({ ssoError: 'made-up' })).toEqual({});
    expect(parseSignInSearch({ ssoError: 7 })).toEqual({});
    expect(parseSignInSearch({ ssoError: ['expired'] })).toEqual({});
    expect(parseSignInSearch({ redirect: '/admin', other: 'expired' })).toEqual({});
  });

  it("reads every search as the contract's schema does", () => {
    const searches: Record<string, unknown>[] = [
      {},
      { ssoError: 'expired' },
      { ssoError: 'not-admin', page: 'admin' },
      { ssoError: 'EXPIRED' },
      { ssoError: '' },
      { ssoError: null },
      { ssoError: { reason: 'expired' } },
      ...SSO_REFUSALS.map((ssoError) => ({ ssoError, extra: 1 })),
    ];
    for (const search of searches)
      expect(parseSignInSearch(search)).toEqual(signInSearchSchema.parse(search));
  });
});
