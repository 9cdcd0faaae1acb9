import { describe, expect, it } from 'vitest';
import {
  attemptOutcome,
  ENDPOINT_DISABLE_AFTER_MS,
  nextAttemptAt,
  retryAfterMs,
  shouldDisableEndpoint,
  WEBHOOK_RETRY_DELAYS_MS,
} from './index';

const start = new Date('2026-11-28T10:00:00Z');
const noJitter = { random: () => 0.5 };
const s = 1000;
const min = 60 * s;
const h = 60 * min;

describe('nextAttemptAt', () => {
  it('follows the schedule: immediately, then 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h', () => {
    expect(WEBHOOK_RETRY_DELAYS_MS).toEqual([0, 5 * s, 5 * min, 30 * min, 2 * h, 5 * h, 10 * h, 10 * h]);
    const waits: number[] = [];
    let failedAt = start;
    for (let attempts = 1; ; attempts++) {
      const next = nextAttemptAt(attempts, failedAt, noJitter);
      if (next === null) break;
      waits.push(next.getTime() - failedAt.getTime());
      failedAt = new Date(next.getTime() + 15 * s); // each attempt timed out after 15 s
    }
    expect(waits).toEqual([5 * s, 5 * min, 30 * min, 2 * h, 5 * h, 10 * h, 10 * h]);
  });

  it('gives up after the eighth attempt, about 28 hours after the first', () => {
    expect(nextAttemptAt(7, start, noJitter)).toEqual(new Date(start.getTime() + 10 * h));
    expect(nextAttemptAt(8, start, noJitter)).toBeNull();
    expect(nextAttemptAt(20, start, noJitter)).toBeNull();
    const total = WEBHOOK_RETRY_DELAYS_MS.reduce((sum, wait) => sum + wait, 0);
    expect(total).toBe(27 * h + 35 * min + 5 * s);
  });

  it('spreads each wait by at most a tenth either way', () => {
    const wait = (random: number) =>
      nextAttemptAt(3, start, { random: () => random })!.getTime() - start.getTime();
    expect(wait(0)).toBe(27 * min);
    expect(wait(0.999_999)).toBeCloseTo(33 * min, -1);
    for (let i = 0; i < 200; i++) {
      const jittered = nextAttemptAt(1, start)!.getTime() - start.getTime();
      expect(jittered).toBeGreaterThanOrEqual(4.5 * s);
      expect(jittered).toBeLessThanOrEqual(5.5 * s);
    }
  });

  it('waits longer when the receiver asks to, up to the longest wait of the schedule', () => {
    const after = (retryAfter: number) =>
      nextAttemptAt(1, start, { ...noJitter, retryAfterMs: retryAfter })!.getTime() - start.getTime();
    expect(after(60 * s)).toBe(60 * s);
    expect(after(1 * s)).toBe(5 * s);
    expect(after(7 * 24 * h)).toBe(10 * h);
  });

  it('is asked only after an attempt', () => {
    expect(() => nextAttemptAt(0, start)).toThrow(/attemptsMade/);
    expect(() => nextAttemptAt(1.5, start)).toThrow(/attemptsMade/);
  });
});

describe('retryAfterMs', () => {
  it('reads delay-seconds and HTTP dates', () => {
    expect(retryAfterMs('120', start)).toBe(120 * s);
    expect(retryAfterMs(' 0 ', start)).toBe(0);
    expect(retryAfterMs(new Date(start.getTime() + 90 * s).toUTCString(), start)).toBe(90 * s);
  });

  it('ignores what is absent, unreadable or past', () => {
    for (const header of [
      undefined,
      null,
      '',
      '-5',
      '1.5',
      'soon',
      new Date(start.getTime() - s).toUTCString(),
    ]) {
      expect(retryAfterMs(header, start)).toBeUndefined();
    }
  });
});

describe('attemptOutcome', () => {
  it('counts any 2xx as delivered, 410 as gone and everything else as failed', () => {
    expect([200, 201, 202, 204, 299].map(attemptOutcome)).toEqual(Array(5).fill('delivered'));
    expect(attemptOutcome(410)).toBe('gone');
    const failed = [undefined, 100, 199, 300, 301, 302, 304, 400, 404, 429, 500, 502, 503, 504];
    expect(failed.map(attemptOutcome)).toEqual(Array(failed.length).fill('failed'));
  });
});

describe('shouldDisableEndpoint', () => {
  it('disables an endpoint that has failed for 5 days', () => {
    expect(ENDPOINT_DISABLE_AFTER_MS).toBe(5 * 24 * h);
    expect(shouldDisableEndpoint(start, new Date(start.getTime() + 5 * 24 * h - 1))).toBe(false);
    expect(shouldDisableEndpoint(start, new Date(start.getTime() + 5 * 24 * h))).toBe(true);
  });

  it('never disables an endpoint that is delivering', () => {
    expect(shouldDisableEndpoint(null, new Date(start.getTime() + 365 * 24 * h))).toBe(false);
  });
});
