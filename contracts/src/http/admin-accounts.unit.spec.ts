import { describe, expect, it } from 'vitest';
import { createAdviserBodySchema, setPasswordBodySchema, updateAdviserBodySchema } from './admin-accounts';
import { validateBody } from './endpoint';
import { ENDPOINTS } from './endpoints';

const adviser = {
  slug: 'jane-smith',
  adviserName: ' Jane Smith ',
  companyName: 'Smith Advice',
  email: 'Jane@Example.com ',
};

describe('createAdviserBodySchema', () => {
  it('trims the names and email, and leaves the optional firm details null', () => {
    expect(createAdviserBodySchema.parse(adviser)).toEqual({
      slug: 'jane-smith',
      adviserName: 'Jane Smith',
      companyName: 'Smith Advice',
      email: 'Jane@Example.com',
      licenceNumber: null,
      disclaimer: null,
    });
  });

  it.each([
    [{ ...adviser, slug: 'Jane' }, 'An adviser page name may contain only lowercase letters'],
    [{ ...adviser, slug: 'admin' }, 'This name is reserved'],
    [{ ...adviser, adviserName: '  ' }, 'Adviser name is required.'],
    [{ ...adviser, companyName: undefined }, 'Company is required.'],
    [{ ...adviser, email: 'jane' }, 'Please enter a valid email address.'],
    [{ ...adviser, licenceNumber: 'x'.repeat(101) }, 'Licence number must be at most 100 characters.'],
  ])('refuses %o with a clear message', (body, message) => {
    const result = validateBody(ENDPOINTS.createAdviser, body);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error.error).toContain(message);
  });
});

describe('updateAdviserBodySchema', () => {
  it('changes only what is sent: absent leaves a firm detail, null or blank clears it', () => {
    expect(updateAdviserBodySchema.parse({ adviserName: 'Jane Brown' })).toEqual({
      adviserName: 'Jane Brown',
    });
    expect(updateAdviserBodySchema.parse({ licenceNumber: ' ', disclaimer: null })).toEqual({
      licenceNumber: null,
      disclaimer: null,
    });
    expect(updateAdviserBodySchema.parse({ licenceNumber: ' AFSL 123 ' })).toEqual({
      licenceNumber: 'AFSL 123',
    });
  });

  it('refuses a field it cannot change, naming the ones it can', () => {
    const result = validateBody(ENDPOINTS.updateAdviser, { name: 'Jane' });
    expect(!result.ok && result.error.error).toBe(
      'Only slug, adviserName, companyName, email, licenceNumber and disclaimer can be changed.',
    );
  });
});

describe('setPasswordBodySchema', () => {
  it('needs a token and a password', () => {
    expect(setPasswordBodySchema.safeParse({ token: 'abc', password: 'x' }).success).toBe(true);
    const result = validateBody(ENDPOINTS.setPassword, { password: 'long enough password' });
    expect(!result.ok && result.error.error).toBe('The link has no token.');
  });
});
