import type { IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Running, serve } from '../http/serve';
import { createServiceApp } from '../http/service-app';
import { silentLogger } from '../logging/logger';
import { requireAccess, sessionUserOf } from './require-access';
import { accessDecision, type SessionUser, type SessionVerifier } from './session.port';

const admin: SessionUser = {
  id: 'u-admin',
  email: 'admin@example.com',
  name: 'Admin',
  role: 'admin',
  adviserSlug: null,
  sessionId: 's-1',
  expiresAt: new Date('2030-01-01T00:00:00Z'),
};
const adviser: SessionUser = { ...admin, id: 'u-adv', role: 'adviser', adviserSlug: 'demo-adviser' };
const analyst: SessionUser = { ...admin, id: 'u-ana', role: 'analyst', analystAccess: true };
const adminAnalyst: SessionUser = { ...admin, id: 'u-admin-ana', analystAccess: true };

/** Test double: the signed-in user is named by a header, so each case picks its caller. */
const byHeader: SessionVerifier = {
  authenticate: async (req: IncomingMessage) => {
    const who = req.headers['x-test-user'];
    if (who === 'admin') return admin;
    if (who === 'adviser') return adviser;
    if (who === 'broken') throw new Error('revocation store down');
    return null;
  },
};

describe('accessDecision', () => {
  it.each([
    [null, 'public', 'allow'],
    [null, 'signed-in', 401],
    [null, 'admin', 401],
    [adviser, 'signed-in', 'allow'],
    [adviser, 'adviser', 'allow'],
    [adviser, 'admin', 403],
    [admin, 'admin', 'allow'],
    [admin, 'adviser', 403],
    [null, 'analyst', 401],
    [adviser, 'analyst', 403],
    [admin, 'analyst', 403],
    [adminAnalyst, 'analyst', 'allow'],
    [adminAnalyst, 'admin', 'allow'],
    [analyst, 'analyst', 'allow'],
    [analyst, 'signed-in', 'allow'],
    // Not admin does not mean adviser: an analyst gets neither.
    [analyst, 'adviser', 403],
    [analyst, 'admin', 403],
  ] as const)('%o calling a %s endpoint: %s', (user, access, expected) => {
    expect(accessDecision(user, access)).toBe(expected);
  });
});

describe('requireAccess', () => {
  let running: Running;
  beforeAll(async () => {
    const app = createServiceApp({
      name: 'test',
      logger: silentLogger(),
      routes: (router) => {
        router.get('/admin-only', requireAccess(byHeader, 'admin'), (req, res) => {
          res.json({ id: sessionUserOf(req).id });
        });
      },
    });
    running = await serve(app, { port: 0, logger: silentLogger() });
  });
  afterAll(() => running.stop());

  const call = (user?: string) =>
    fetch(`http://127.0.0.1:${running.port}/admin-only`, { headers: user ? { 'x-test-user': user } : {} });

  it('answers 401 JSON without a session', async () => {
    const res = await call();
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ error: expect.any(String), code: 'UNAUTHORIZED' });
  });

  it('answers 403 JSON for the wrong role', async () => {
    const res = await call('adviser');
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: 'FORBIDDEN' });
  });

  it('hands the handler the signed-in user', async () => {
    const res = await call('admin');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ id: 'u-admin' });
  });

  it('answers a failing verifier with a generic 500, never its detail', async () => {
    const res = await call('broken');
    expect(res.status).toBe(500);
    expect(await res.text()).not.toContain('revocation store down');
  });
});
