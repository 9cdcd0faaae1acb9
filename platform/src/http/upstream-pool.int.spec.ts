import { afterEach, describe, expect, it } from 'vitest';
import { eventually } from '../testing/eventually';
import { startTestInstance, type TestInstance } from '../testing/instances';
import { createUpstreamPool, type UpstreamPool } from './upstream-pool';

describe('an upstream pool over real instances', () => {
  let instances: TestInstance[] = [];
  let pool: UpstreamPool | undefined;
  afterEach(async () => {
    pool?.close();
    for (const instance of instances) await instance.kill();
    instances = [];
  });

  async function start(probeIntervalMs = 60_000) {
    instances = await Promise.all(['one', 'two', 'three'].map((name) => startTestInstance(name)));
    pool = createUpstreamPool(
      instances.map((i) => i.url),
      { name: 'adviser', probeIntervalMs, probeTimeoutMs: 500 },
    );
    return pool;
  }
  const answeredBy = async (res: Response) => ((await res.json()) as { instance: string }).instance;

  it('sends GETs to the instances in turn, and on to the next when one refuses connections', async () => {
    const upstreams = await start();
    const order = [];
    for (let i = 0; i < 3; i++) order.push(await answeredBy(await upstreams.get('/x')));
    expect(order).toEqual(['one', 'two', 'three']);

    await instances[1]?.kill();
    const after = [];
    for (let i = 0; i < 4; i++) after.push(await answeredBy(await upstreams.get('/x')));
    // "two" refuses the second request, which "three" answers; after that "two" is passed over.
    expect(after).toEqual(['one', 'three', 'three', 'one']);
    expect(instances[1]?.served).toHaveLength(1);
  });

  it('passes over an instance whose readiness fails, and takes it back once it succeeds', async () => {
    const upstreams = await start(50);
    const two = instances[1] as TestInstance;
    two.ready = false;
    await eventually(async () => expect(upstreams.attempts().at(-1)).toBe(two.url));
    const served = two.served.length;
    for (let i = 0; i < 6; i++) await upstreams.get('/x');
    expect(two.served).toHaveLength(served);

    two.ready = true;
    await eventually(async () => {
      await upstreams.get('/x');
      expect(two.served.length).toBeGreaterThan(served);
    });
  });

  it('takes a killed instance back once it is started again', async () => {
    const upstreams = await start(50);
    const three = instances[2] as TestInstance;
    await three.kill();
    await eventually(async () => expect(await upstreams.probe()).toBe(true));
    await eventually(async () => expect(upstreams.attempts().at(-1)).toBe(three.url));
    await three.start();
    await eventually(async () => {
      await upstreams.get('/x');
      expect(three.served.length).toBeGreaterThan(0);
    });
  });

  it('still asks instances that are all not ready, and reports the pool not ready', async () => {
    const upstreams = await start();
    for (const instance of instances) instance.ready = false;
    expect(await upstreams.probe()).toBe(false);
    expect(await answeredBy(await upstreams.get('/x'))).toBe('one');
    for (const instance of instances) await instance.kill();
    await expect(upstreams.get('/x')).rejects.toThrow(/fetch failed/);
  });
});
