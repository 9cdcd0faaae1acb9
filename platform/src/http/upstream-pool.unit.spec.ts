import { describe, expect, it } from 'vitest';
import { createUpstreamPool, isConnectionFailure } from './upstream-pool';

const A = 'http://a:1';
const B = 'http://b:1';
const C = 'http://c:1';

function pool(addresses = [A, B, C]) {
  let now = 1_000;
  const upstreams = createUpstreamPool(addresses, { name: 'adviser', downForMs: 5_000, now: () => now });
  const firsts = (n: number) => Array.from({ length: n }, () => upstreams.attempts()[0]);
  const advance = (ms: number) => {
    now += ms;
  };
  return { upstreams, firsts, advance };
}

describe('an upstream pool', () => {
  it('starts each request at the next address in turn, listing the others after it', () => {
    const { upstreams, firsts } = pool();
    expect(upstreams.attempts()).toEqual([A, B, C]);
    expect(upstreams.attempts()).toEqual([B, C, A]);
    expect(firsts(4)).toEqual([C, A, B, C]);
    upstreams.close();
  });

  it('passes over an address marked down, sharing the load evenly among the others, and tries it last', () => {
    const { upstreams, firsts } = pool();
    upstreams.markDown(B, new Error('connect ECONNREFUSED'));
    expect(firsts(4)).toEqual([A, C, A, C]);
    expect(upstreams.attempts()).toEqual([A, C, B]);
    upstreams.close();
  });

  it('takes an address back once it answers, or once it has been down for downForMs', () => {
    const { upstreams, firsts, advance } = pool();
    upstreams.markDown(B);
    upstreams.markUp(B);
    expect(firsts(3)).toEqual([A, B, C]);
    upstreams.markDown(C);
    advance(4_999);
    expect(firsts(2)).toEqual([A, B]);
    advance(1);
    expect(firsts(3)).toEqual([C, A, B]);
    upstreams.close();
  });

  it('still tries every address, in turn, when all are down', () => {
    const { upstreams } = pool();
    for (const address of [A, B, C]) upstreams.markDown(address);
    expect(upstreams.attempts()).toEqual([A, B, C]);
    expect(upstreams.attempts()).toEqual([B, C, A]);
    upstreams.close();
  });

  it('refuses to be made without an address, or told about one it does not hold', () => {
    expect(() => createUpstreamPool([], { name: 'adviser' })).toThrow(/adviser service has no address/);
    const { upstreams } = pool([A]);
    expect(() => upstreams.markDown(B)).toThrow(/not an address of the adviser service/);
    expect(upstreams.attempts()).toEqual([A]);
    upstreams.close();
  });
});

describe('isConnectionFailure', () => {
  const coded = (code: string) => Object.assign(new Error(code), { code });

  it('recognises refused and dropped connections, also as the cause fetch wraps them in', () => {
    expect(isConnectionFailure(coded('ECONNREFUSED'))).toBe(true);
    expect(isConnectionFailure(new TypeError('fetch failed', { cause: coded('ECONNRESET') }))).toBe(true);
    const both = new AggregateError([coded('ECONNREFUSED'), coded('ECONNREFUSED')]);
    expect(isConnectionFailure(new TypeError('fetch failed', { cause: both }))).toBe(true);
  });

  it('does not count a timeout of an answer, or any other error', () => {
    expect(isConnectionFailure(new DOMException('The operation timed out', 'TimeoutError'))).toBe(false);
    expect(isConnectionFailure(new Error('adviser lookup answered 500'))).toBe(false);
    expect(isConnectionFailure(undefined)).toBe(false);
  });
});
