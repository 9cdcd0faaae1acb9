import { adminLoginFormSchema, clientLoginFormSchema } from '@risk-profile/contracts';
import { describe, expect, it } from 'vitest';
import { fieldErrors, landingAfterSignIn } from './login-form';

describe('the sign-in forms', () => {
  it('gives /login its own messages', () => {
    expect(fieldErrors(clientLoginFormSchema, { email: 'nope', password: '12345' })).toEqual({
      email: 'Please enter a valid email address.',
      password: 'Password must be at least 6 characters.',
    });
  });

  it('gives /admin/login its own messages', () => {
    expect(fieldErrors(adminLoginFormSchema, { email: 'nope', password: '' })).toEqual({
      email: 'Please enter a valid email address',
      password: 'Password is required',
    });
  });

  it('accepts a valid email and password', () => {
    expect(fieldErrors(clientLoginFormSchema, { email: 'a@example.com', password: '123456' })).toEqual({});
    expect(fieldErrors(adminLoginFormSchema, { email: 'a@example.com', password: 'x' })).toEqual({});
  });
});

describe('where /login lands', () => {
  it('sends an adviser to their workspace, an analyst to the query page and an administrator to the assessment', () => {
    expect(landingAfterSignIn({ role: 'adviser' })).toBe('/adviser');
    expect(landingAfterSignIn({ role: 'analyst' })).toBe('/analyst');
    expect(landingAfterSignIn({ role: 'admin' })).toBe('/');
  });
});
