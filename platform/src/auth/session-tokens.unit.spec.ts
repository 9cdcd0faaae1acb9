import { createHmac } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { describe, expect, it } from 'vitest';
import { sessionCookie } from './session-cookie';
import type { SessionRevocations } from './session-revocations';
import {
  createSessionTokens,
  SESSION_AUDIENCE,
  SESSION_ISSUER,
  SESSION_TTL_SECONDS,
  type SessionSubject,
} from './session-tokens';
import { createSessionVerifier } from './session-verifier';

const SECRET = 'k'.repeat(40);
const T0 = new Date('2026-11-22T10:00:00Z');
const subject = {
  id: '7f6b3c1e-2b1a-4c55-9f5e-3c1f0f0e9a01',
  role: 'admin' as const,
  email: 'admin@example.com',
  name: 'Admin',
  adviserSlug: null,
  sessionVersion: 3,
};
const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('session tokens', () => {
  let now = T0;
  const tokens = createSessionTokens(SECRET, () => now);

  it('issues HS256 tokens with issuer, audience, subject, role, id and a 24-hour expiry', () => {
    now = T0;
    const { token, claims } = tokens.issue(subject);
    const header = JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString());
    expect(header).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(tokens.verify(token)).toMatchObject({
      sub: subject.id,
      role: 'admin',
      sv: 3,
      jti: claims.jti,
      iss: SESSION_ISSUER,
      aud: SESSION_AUDIENCE,
      exp: T0.getTime() / 1000 + SESSION_TTL_SECONDS,
    });
    expect(tokens.issue(subject).claims.jti).not.toBe(claims.jti);
  });

  it('refuses an expired token', () => {
    now = T0;
    const { token } = tokens.issue(subject);
    now = new Date(T0.getTime() + SESSION_TTL_SECONDS * 1000 + 1000);
    expect(tokens.verify(token)).toBeNull();
    now = T0;
  });

  it('refuses alg none', () => {
    const { claims } = tokens.issue(subject);
    const unsigned = `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url({ ...claims, iss: SESSION_ISSUER, aud: SESSION_AUDIENCE })}.`;
    expect(tokens.verify(unsigned)).toBeNull();
  });

  it('refuses another algorithm, even with the right key', () => {
    const { claims } = tokens.issue(subject);
    const hs512 = jwt.sign(claims, SECRET, {
      algorithm: 'HS512',
      issuer: SESSION_ISSUER,
      audience: SESSION_AUDIENCE,
    });
    expect(tokens.verify(hs512)).toBeNull();
  });

  it('refuses a wrong audience or issuer', () => {
    const { claims } = tokens.issue(subject);
    const { iss: _iss, aud: _aud, ...rest } = claims as typeof claims & { iss?: string; aud?: string };
    const sign = (options: jwt.SignOptions) => jwt.sign(rest, SECRET, { algorithm: 'HS256', ...options });
    expect(tokens.verify(sign({ issuer: SESSION_ISSUER, audience: 'someone-else' }))).toBeNull();
    expect(tokens.verify(sign({ issuer: 'someone-else', audience: SESSION_AUDIENCE }))).toBeNull();
  });

  it('refuses a tampered payload and another key', () => {
    const { token } = tokens.issue({ ...subject, role: 'adviser', adviserSlug: 'demo-adviser' });
    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const promoted = `${header}.${base64url({ ...claims, role: 'admin' })}.${signature}`;
    expect(tokens.verify(promoted)).toBeNull();
    const resigned = `${header}.${payload}.${createHmac('sha256', 'x'.repeat(40)).update(`${header}.${payload}`).digest('base64url')}`;
    expect(tokens.verify(resigned)).toBeNull();
    expect(tokens.verify('not a token')).toBeNull();
  });

  it('refuses a correctly signed token without exp, without jti or issued in the future', () => {
    now = T0;
    const { claims } = tokens.issue(subject);
    const sign = (payload: object) =>
      jwt.sign(payload, SECRET, { algorithm: 'HS256', issuer: SESSION_ISSUER, audience: SESSION_AUDIENCE });
    const { exp: _exp, ...withoutExp } = claims;
    const { jti: _jti, ...withoutJti } = claims;
    const { iat: _iat, ...withoutIat } = claims;
    expect(tokens.verify(sign(claims))).not.toBeNull();
    expect(tokens.verify(sign(withoutExp))).toBeNull();
    expect(tokens.verify(sign(withoutJti))).toBeNull();
    expect(tokens.verify(sign({ ...claims, jti: '' }))).toBeNull();
    expect(
      tokens.verify(
        jwt.sign(withoutIat, SECRET, {
          algorithm: 'HS256',
          noTimestamp: true,
          issuer: SESSION_ISSUER,
          audience: SESSION_AUDIENCE,
        }),
      ),
    ).toBeNull();
    expect(tokens.verify(sign({ ...claims, iat: claims.iat + 3600 }))).toBeNull();
    // A little clock skew between instances is tolerated.
    expect(tokens.verify(sign({ ...claims, iat: claims.iat + 5 }))).not.toBeNull();
    // Nor can a token made with a leaked key outlive a session's 24 hours.
    expect(tokens.verify(sign({ ...claims, exp: claims.iat + SESSION_TTL_SECONDS + 3600 }))).toBeNull();
  });

  it('refuses a key shorter than 32 characters', () => {
    expect(() => createSessionTokens('short')).toThrow(/at least 32/);
  });
});

describe('the session verifier', () => {
  const tokens = createSessionTokens(SECRET, () => T0);
  const cookie = sessionCookie('http://localhost');
  const request = (token: string) => ({ headers: { cookie: `other=1; ${cookie.name}=${token}` } }) as never;

  it('refuses a revoked session', async () => {
    const { token, claims } = tokens.issue(subject);
    const revocations = {
      isRevoked: async (c: { jti: string }) => c.jti === claims.jti,
    } as unknown as SessionRevocations;
    const withRevocations = createSessionVerifier({ tokens, cookie, revocations });
    expect(await withRevocations.authenticate(request(token))).toBeNull();
    const other = tokens.issue(subject).token;
    expect(await withRevocations.authenticate(request(other))).toMatchObject({
      id: subject.id,
      role: 'admin',
    });
  });

  it('reads the user from the cookie, and nobody from no cookie', async () => {
    const verifier = createSessionVerifier({ tokens, cookie });
    const { token, claims } = tokens.issue(subject);
    expect(await verifier.authenticate(request(token))).toEqual({
      id: subject.id,
      email: subject.email,
      name: subject.name,
      role: 'admin',
      adviserSlug: null,
      analystAccess: false,
      sessionId: claims.jti,
      expiresAt: new Date(claims.exp * 1000),
    });
    expect(await verifier.authenticate({ headers: {} } as never)).toBeNull();
  });

  it('carries analyst access: an analyst by role, an administrator when given it, an adviser never', async () => {
    const verifier = createSessionVerifier({ tokens, cookie });
    const who = async (over: Partial<SessionSubject>) =>
      verifier.authenticate(request(tokens.issue({ ...subject, ...over }).token));
    expect(await who({ role: 'analyst' })).toMatchObject({ role: 'analyst', analystAccess: true });
    expect(await who({ analystAccess: true })).toMatchObject({ role: 'admin', analystAccess: true });
    expect(await who({ analystAccess: false })).toMatchObject({ role: 'admin', analystAccess: false });
    const adviser = { role: 'adviser', adviserSlug: 'demo-adviser', analystAccess: true } as const;
    expect(tokens.issue({ ...subject, ...adviser }).claims).not.toHaveProperty('analystAccess');
    expect(await who(adviser)).toMatchObject({ role: 'adviser', analystAccess: false });
  });

  it('refuses a token whose role is none of the roles, or whose analyst access is not a boolean', () => {
    const forge = (extra: Record<string, unknown>) => {
      const { claims } = tokens.issue(subject);
      return jwt.sign({ ...claims, ...extra }, SECRET, {
        algorithm: 'HS256',
        issuer: SESSION_ISSUER,
        audience: SESSION_AUDIENCE,
      });
    };
    expect(tokens.verify(forge({ role: 'analyst' }))).toMatchObject({ role: 'analyst' });
    expect(tokens.verify(forge({ role: 'root' }))).toBeNull();
    expect(tokens.verify(forge({ analystAccess: 'yes' }))).toBeNull();
  });
});
