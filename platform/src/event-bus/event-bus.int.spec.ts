import { expect, it } from 'vitest';
import { silentLogger } from '../logging/logger';
import { capturingLogger } from '../testing/capturing-logger';
import { kafkaBrokers } from '../testing/containers';
import { eventBusContract } from '../testing/event-bus.contract';
import { sqlTargets } from '../testing/sql';
import { describeTarget } from '../testing/targets';
import { KafkaEventBus } from './kafka-event-bus.adapter';
import { PostgresEventBus } from './postgres-event-bus.adapter';

for (const target of sqlTargets()) {
  describeTarget(`PostgresEventBus on ${target.name}`, target, () => {
    eventBusContract(
      'PostgreSQL log',
      async () => {
        const sql = await target.open();
        const bus = await PostgresEventBus.create(sql, {
          pollIntervalMs: 25,
          leaseMs: 3_000,
          logger: silentLogger(),
        });
        return {
          bus,
          dispose: async () => {
            await bus.close();
            await sql.close();
          },
        };
      },
      { exactlyOnceWithinGroup: true },
    );
  });
}

const kafka = await kafkaBrokers();

describeTarget('KafkaEventBus', { name: 'Kafka', ...kafka }, () => {
  const log = capturingLogger();
  eventBusContract(
    'Kafka',
    async () => {
      const bus = await KafkaEventBus.create({
        brokers: kafka.url!.split(','),
        clientId: 'event-bus-contract',
        allowTopicCreation: true,
        sessionTimeoutMs: 10_000,
        logger: log.logger,
      });
      return {
        bus,
        dispose: async () => {
          await bus.close();
          await kafka.stop?.();
        },
      };
    },
    { exactlyOnceWithinGroup: false, timeoutMs: 60_000 },
  );

  // kafkajs warns once per process, at the first producer: both buses log to the one logger.
  it('starts without kafkajs warning that its default partitioner changed', async () => {
    const bus = await KafkaEventBus.create({ brokers: kafka.url!.split(','), logger: log.logger });
    await bus.close();
    expect(log.text()).not.toMatch(/partitioner/i);
  });
});
