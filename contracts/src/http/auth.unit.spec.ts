import { describe, expect, it } from 'vitest';
import { adminLoginFormSchema, clientLoginFormSchema, loginBodySchema, userSchema } from './auth';

const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('clientLoginFormSchema', () => {
  it.each([
    [{ email: 'adviser@example.com', password: 'secret' }, []],
    [{ email: 'not-an-email', password: 'secret' }, ['Please enter a valid email address.']],
    [{ email: '', password: 'secret' }, ['Please enter a valid email address.']],
    [{ email: 'adviser@example.com', password: '12345' }, ['Password must be at least 6 characters.']],
    [
      { email: 'x', password: '' },
      ['Please enter a valid email address.', 'Password must be at least 6 characters.'],
    ],
  ])('%j gives %j', (form, messages) => {
    expect(messagesOf(clientLoginFormSchema.safeParse(form))).toEqual(messages);
  });
});

describe('adminLoginFormSchema', () => {
  it.each([
    [{ email: 'admin@example.com', password: 'x' }, []],
    [{ email: 'admin@', password: 'x' }, ['Please enter a valid email address']],
    [{ email: 'admin@example.com', password: '' }, ['Password is required']],
  ])('%j gives %j', (form, messages) => {
    expect(messagesOf(adminLoginFormSchema.safeParse(form))).toEqual(messages);
  });
});

describe('loginBodySchema', () => {
  it('trims the email and keeps a short password (the forms judge length)', () => {
    expect(loginBodySchema.parse({ email: ' a@example.com ', password: 'x' })).toEqual({
      email: 'a@example.com',
      password: 'x',
    });
  });

  it.each([
    [{ email: 'a@example.com' }],
    [{ email: 'a@example.com', password: '' }],
    [{ email: 'a@example.com', password: 'p'.repeat(1025) }],
    [{ email: `${'a'.repeat(250)}@example.com`, password: 'x' }],
    [{ email: 'nope', password: 'x' }],
  ])('refuses %j', (body) => {
    expect(loginBodySchema.safeParse(body).success).toBe(false);
  });
});

describe('userSchema', () => {
  it.each([
    [{ id: 'u1', email: 'a@example.com', role: 'adviser', name: 'Alex', adviserSlug: 'alex' }, true],
    [{ id: 'u1', email: 'a@example.com', role: 'admin', name: 'Admin', adviserSlug: null }, true],
    [{ id: 'u1', email: 'a@example.com', role: 'admin', name: 'Admin' }, false],
    [{ id: 'u1', email: 'a@example.com', role: 'client', name: 'Alex', adviserSlug: null }, false],
    [{ id: '', email: 'a@example.com', role: 'admin', name: 'Admin', adviserSlug: null }, false],
  ])('%j valid: %s', (user, valid) => {
    expect(userSchema.safeParse(user).success).toBe(valid);
  });
});
