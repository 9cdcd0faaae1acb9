import { errorBodySchema } from '@risk-profile/contracts';
import express from 'express';
import { describe, expect, it } from 'vitest';
import { silentLogger } from '../logging/logger';
import { inProcessOrigin } from './in-process-origin';
import { type PerAddressLimitOptions, perAddressLimit } from './per-address-limit';
import { errorHandler } from './service-app';

/** An origin whose POST /try answers `status` behind the limiter. */
function limited(options: PerAddressLimitOptions, status = 200) {
  const app = express();
  app.post('/try', perAddressLimit(options), (_req, res) => {
    res.status(status).json({});
  });
  app.use(errorHandler(silentLogger()));
  const origin = inProcessOrigin(app);
  return async () => fetch(`${await origin()}/try`, { method: 'POST' });
}

describe('perAddressLimit', () => {
  it('refuses the request over the limit with 429, the message, the code and the RateLimit headers', async () => {
    const attempt = limited({ limit: 2, windowMs: 60_000, message: 'Slow down.' });
    expect((await attempt()).status).toBe(200);
    const last = await attempt();
    expect(last.headers.get('ratelimit-policy')).toMatch(/q=2; w=60/);
    expect(last.headers.get('x-ratelimit-limit')).toBeNull();
    const refused = await attempt();
    expect(refused.status).toBe(429);
    expect(errorBodySchema.parse(await refused.json())).toMatchObject({
      error: 'Slow down.',
      code: 'RATE_LIMITED',
    });
  });

  it('answers the generic message when none is given', async () => {
    const attempt = limited({ limit: 1, windowMs: 60_000 });
    await attempt();
    expect(await (await attempt()).json()).toMatchObject({
      error: 'Too many requests, please try again later',
    });
  });

  it('lets everything through at a limit of 0', async () => {
    const attempt = limited({ limit: 0, windowMs: 60_000 });
    for (let i = 0; i < 3; i++) {
      const response = await attempt();
      expect(response.status).toBe(200);
      expect(response.headers.get('ratelimit-policy')).toBeNull();
    }
  });

  it('counts only failures when told to skip successes', async () => {
    const ok = limited({ limit: 1, windowMs: 60_000, skipSuccessfulRequests: true });
    for (let i = 0; i < 3; i++) expect((await ok()).status).toBe(200);
    const failing = limited({ limit: 1, windowMs: 60_000, skipSuccessfulRequests: true }, 401);
    expect((await failing()).status).toBe(401);
    expect((await failing()).status).toBe(429);
  });

  it('counts by the address the caller names', async () => {
    let address = '203.0.113.1';
    const attempt = limited({ limit: 1, windowMs: 60_000, addressOf: () => address });
    expect((await attempt()).status).toBe(200);
    expect((await attempt()).status).toBe(429);
    address = '203.0.113.2';
    expect((await attempt()).status).toBe(200);
  });
});
