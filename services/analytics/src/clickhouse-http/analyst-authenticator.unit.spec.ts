import { describe, expect, it } from 'vitest';
import {
  type AnalystAuthenticator,
  type AnalystCredential,
  type AnalystVerdict,
  cachedAnalystAuthenticator,
} from './analyst-authenticator';

const ANALYST = { id: 'u1', email: 'analyst@example.com', name: 'Demo Analyst' };

/** Answers what `answer` says now, and counts the checks that reached it. */
function adviserService(answer: () => AnalystVerdict) {
  const checks: AnalystCredential[] = [];
  const inner: AnalystAuthenticator = {
    verify: async (credential) => {
      checks.push(credential);
      return answer();
    },
  };
  return { inner, checks };
}

describe('cachedAnalystAuthenticator', () => {
  const password: AnalystCredential = {
    kind: 'password',
    email: 'Analyst@example.com',
    password: 'secret-1',
  };

  it('trusts a checked password for its window, then asks again', async () => {
    let clock = 0;
    const service = adviserService(() => ({ kind: 'analyst', analyst: ANALYST }));
    const cached = cachedAnalystAuthenticator(service.inner, { ttlMs: 60_000, now: () => clock });
    expect(await cached.verify(password, '127.0.0.1')).toEqual({ kind: 'analyst', analyst: ANALYST });
    clock = 59_999;
    await cached.verify({ ...password, email: 'analyst@example.com' }, '127.0.0.1');
    expect(service.checks).toHaveLength(1);
    clock = 60_000;
    await cached.verify(password, '127.0.0.1');
    expect(service.checks).toHaveLength(2);
  });

  it('asks about another password for the same email', async () => {
    const service = adviserService(() => ({ kind: 'analyst', analyst: ANALYST }));
    const cached = cachedAnalystAuthenticator(service.inner, { ttlMs: 60_000, now: () => 0 });
    await cached.verify(password, '127.0.0.1');
    await cached.verify({ ...password, password: 'secret-2' }, '127.0.0.1');
    expect(service.checks).toHaveLength(2);
  });

  it('asks about an API token every time, so a revoked one stops at its next query', async () => {
    let verdict: AnalystVerdict = { kind: 'analyst', analyst: ANALYST };
    const service = adviserService(() => verdict);
    const cached = cachedAnalystAuthenticator(service.inner, { ttlMs: 60_000, now: () => 0 });
    const token: AnalystCredential = { kind: 'token', token: 'rpa_abc' };
    expect((await cached.verify(token, '127.0.0.1')).kind).toBe('analyst');
    verdict = { kind: 'refused', status: 401, message: 'Authentication failed' };
    expect(await cached.verify(token, '127.0.0.1')).toEqual(verdict);
    expect(service.checks).toHaveLength(2);
  });

  it('remembers no refusal: a corrected account works at once', async () => {
    let verdict: AnalystVerdict = { kind: 'refused', status: 403, message: 'No analyst access' };
    const service = adviserService(() => verdict);
    const cached = cachedAnalystAuthenticator(service.inner, { ttlMs: 60_000, now: () => 0 });
    expect((await cached.verify(password, '127.0.0.1')).kind).toBe('refused');
    verdict = { kind: 'analyst', analyst: ANALYST };
    expect((await cached.verify(password, '127.0.0.1')).kind).toBe('analyst');
  });
});
