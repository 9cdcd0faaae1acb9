import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { libuvPoolSize, PRODUCT_POOL_SIZE } from './libuv-pool';

describe('libuv pool sizing', () => {
  it('reads UV_THREADPOOL_SIZE as libuv does, four when unset or unreadable', () => {
    expect(libuvPoolSize({})).toBe(4);
    expect(libuvPoolSize({ UV_THREADPOOL_SIZE: '16' })).toBe(16);
    expect(libuvPoolSize({ UV_THREADPOOL_SIZE: 'many' })).toBe(4);
    expect(libuvPoolSize({ UV_THREADPOOL_SIZE: '0' })).toBe(4);
    expect(libuvPoolSize({ UV_THREADPOOL_SIZE: '5000' })).toBe(1024);
  });
});

describe("the product's start commands", () => {
  const read = (path: string) => readFileSync(new URL(`../../../${path}`, import.meta.url), 'utf8');
  it('give the product the pool size it is written for: npm start, the image, the benchmarks', () => {
    expect(read('scripts/start.mjs')).toContain(`PRODUCT_POOL_SIZE = '${PRODUCT_POOL_SIZE}'`);
    expect(read('deploy/Dockerfile')).toContain(`UV_THREADPOOL_SIZE=${PRODUCT_POOL_SIZE}`);
    expect(read('scripts/bench.mjs')).toContain(`UV_THREADPOOL_SIZE: '${PRODUCT_POOL_SIZE}'`);
  });
});
