import { describe, expect, it } from 'vitest';
import { silentLogger } from '../logging/logger';
import type { BusMessage, OutgoingMessage } from './event-bus.port';
import { backoffDelay, deliverWithRetry, retryPolicy } from './retry';

const message: Omit<BusMessage, 'attempt'> = {
  id: 'm-1',
  topic: 'orders',
  key: 'k',
  value: { n: 1 },
  headers: { 'x-trace': 't' },
  partition: 2,
  offset: '17',
  timestamp: new Date(0),
};

describe('backoffDelay', () => {
  const policy = retryPolicy({ initialDelayMs: 100, maxDelayMs: 1_000 });
  it.each([
    [1, 100],
    [2, 200],
    [3, 400],
    [4, 800],
    [5, 1_000],
    [9, 1_000],
  ])('after failed attempt %i waits %i ms', (attempt, delay) => {
    expect(backoffDelay(policy, attempt)).toBe(delay);
  });
});

describe('retryPolicy', () => {
  it('fills defaults and rejects a policy without attempts', () => {
    expect(retryPolicy({ maxAttempts: 2 })).toEqual({
      maxAttempts: 2,
      initialDelayMs: 100,
      maxDelayMs: 5_000,
    });
    expect(() => retryPolicy({ maxAttempts: 0 })).toThrow(/maxAttempts/);
  });
});

describe('deliverWithRetry', () => {
  const policy = retryPolicy({ maxAttempts: 3, initialDelayMs: 1, maxDelayMs: 2 });
  const unexpected = async () => {
    throw new Error('not expected');
  };
  /** `message` delivered under `policy`, never stopped, unless `options` say otherwise. */
  const deliver = (
    options: Pick<Parameters<typeof deliverWithRetry>[0], 'handler' | 'deadLetter'> &
      Partial<Parameters<typeof deliverWithRetry>[0]>,
  ) =>
    deliverWithRetry({
      message,
      policy,
      signal: new AbortController().signal,
      logger: silentLogger(),
      ...options,
    });

  it('returns handled after a transient failure, passing the attempt number', async () => {
    const attempts: number[] = [];
    const outcome = await deliver({
      deadLetter: unexpected,
      handler: async (m) => {
        attempts.push(m.attempt);
        if (m.attempt === 1) throw new Error('transient');
      },
    });
    expect(outcome).toBe('handled');
    expect(attempts).toEqual([1, 2]);
  });

  it('dead-letters with the original headers plus the failure details', async () => {
    const parked: OutgoingMessage[] = [];
    const outcome = await deliver({
      deadLetter: async (m) => void parked.push(m),
      handler: async () => {
        throw new Error('broken');
      },
    });
    expect(outcome).toBe('dead-lettered');
    expect(parked).toEqual([
      {
        id: 'm-1',
        key: 'k',
        value: { n: 1 },
        headers: {
          'x-trace': 't',
          'x-original-topic': 'orders',
          'x-original-partition': '2',
          'x-original-offset': '17',
          'x-error': 'broken',
          'x-attempts': '3',
        },
      },
    ]);
  });

  it('abandons the retries when the subscription stops, without dead-lettering', async () => {
    const stop = new AbortController();
    let calls = 0;
    const outcome = await deliver({
      policy: retryPolicy({ maxAttempts: 3, initialDelayMs: 60_000, maxDelayMs: 60_000 }),
      signal: stop.signal,
      deadLetter: unexpected,
      handler: async () => {
        calls++;
        setTimeout(() => stop.abort(), 10);
        throw new Error('failing while stopping');
      },
    });
    expect(outcome).toBe('aborted');
    expect(calls).toBe(1);
  });
});
