import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, expect, it } from 'vitest';
import { bundle } from '../../../scripts/lib/bundle.mjs';
import { silentLogger } from '../logging/logger';
import { kafkaBusOptions } from '../runtime/open-platform';
import { platformConfigSchema } from '../runtime/platform-config';
import { kafkaBrokers } from '../testing/containers';
import { describeTarget } from '../testing/targets';
import { waitingGroupsReason } from './event-bus.port';
import { KafkaEventBus } from './kafka-event-bus.adapter';

const kafka = await kafkaBrokers();
const root = resolve(import.meta.dirname, '../../..');
const source = resolve(import.meta.dirname, '..');

/**
 * One member of a consumer group in a process of its own, made as the product makes its bus
 * (openPlatform's options from the same keys): it prints "joined" once the group gave it
 * partitions, and is then killed with SIGKILL, so it never leaves the group.
 */
async function bundleMember(): Promise<{ script: string; remove(): void }> {
  mkdirSync(join(root, 'dist'), { recursive: true });
  const dir = mkdtempSync(join(root, 'dist', '.test-kafka-member-'));
  const entry = join(dir, 'member.ts');
  writeFileSync(
    entry,
    `import { KafkaEventBus } from ${JSON.stringify(join(source, 'event-bus/kafka-event-bus.adapter.ts'))};
import { silentLogger } from ${JSON.stringify(join(source, 'logging/logger.ts'))};
import { kafkaBusOptions } from ${JSON.stringify(join(source, 'runtime/open-platform.ts'))};
import { platformConfigSchema } from ${JSON.stringify(join(source, 'runtime/platform-config.ts'))};
const bus = await KafkaEventBus.create(kafkaBusOptions(platformConfigSchema.parse(process.env), silentLogger()));
await bus.subscribe({ groupId: process.env.GROUP!, topics: [process.env.TOPIC!], handler: async () => {} });
console.log('joined');
`,
  );
  await bundle({ member: entry }, dir);
  return { script: join(dir, 'member.mjs'), remove: () => rmSync(dir, { recursive: true, force: true }) };
}

describeTarget('a Kafka consumer group after a member was killed', { name: 'Kafka', ...kafka }, () => {
  let child: ChildProcess | undefined;
  let bus: KafkaEventBus | undefined;
  let member: { script: string; remove(): void } | undefined;
  afterAll(async () => {
    child?.kill('SIGKILL');
    await bus?.close();
    member?.remove();
    await kafka.stop?.();
  });

  it('joins it within the configured session timeout, and says which group it waits for meanwhile', async () => {
    const env = {
      KAFKA_BROKERS: kafka.url!,
      KAFKA_SESSION_TIMEOUT_MS: '6000',
      KAFKA_REBALANCE_TIMEOUT_MS: '6000',
    };
    const group = `restart-${randomUUID()}`;
    const topic = `restart-${randomUUID()}`;
    member = await bundleMember();
    const spawned = spawn(process.execPath, [member.script], {
      cwd: root,
      env: { ...process.env, ...env, GROUP: group, TOPIC: topic },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    child = spawned;
    await new Promise<void>((joined, failed) => {
      createInterface({ input: spawned.stdout! }).on('line', (line) => line === 'joined' && joined());
      spawned.once('exit', (code) => failed(new Error(`the first member exited (${code}) before it joined`)));
    });
    spawned.kill('SIGKILL');
    const killedAt = Date.now();

    // The restarted instance, with the same configuration.
    bus = await KafkaEventBus.create(kafkaBusOptions(platformConfigSchema.parse(env), silentLogger()));
    const subscribing = bus.subscribe({ groupId: group, topics: [topic], handler: async () => {} });
    expect(bus.waitingGroups()).toEqual([group]);
    expect(waitingGroupsReason(bus.waitingGroups())).toBe(
      `waiting for the consumer group "${group}" to give this instance its partitions`,
    );
    await subscribing;
    const waited = Date.now() - killedAt;
    expect(bus.waitingGroups()).toEqual([]);
    // The killed member held the join (so readiness had a group to name) for about the 6 s,
    // where kafkajs's own session timeout (30 s) held it for about 30 s.
    expect(waited).toBeGreaterThan(2_000);
    expect(waited).toBeLessThan(15_000);
  }, 120_000);
});
