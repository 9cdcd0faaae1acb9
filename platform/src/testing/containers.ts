import { GenericContainer, getContainerRuntimeClient, Wait } from 'testcontainers';

/** A server for a contract suite: its URL, or why the suite is skipped here. */
export interface ServerTarget {
  url?: string;
  skipReason?: string;
  /** Stops a container started for the suite (testcontainers' reaper also removes it at exit). */
  stop?: () => Promise<void>;
}

let dockerProbe: Promise<boolean> | undefined;

/** Whether testcontainers finds a container engine; probed once per process. */
export function dockerAvailable(): Promise<boolean> {
  dockerProbe ??= getContainerRuntimeClient().then(
    () => true,
    () => false,
  );
  return dockerProbe;
}

/** KURRENTDB_URL when set, else a throwaway single-node KurrentDB container when Docker is there. */
export async function kurrentDbUrl(): Promise<ServerTarget> {
  const configured = process.env.KURRENTDB_URL;
  if (configured) return { url: configured };
  if (!(await dockerAvailable())) {
    return {
      skipReason:
        'no KurrentDB server configured (set KURRENTDB_URL) and no Docker engine for testcontainers',
    };
  }
  const container = await new GenericContainer('docker.kurrent.io/kurrent-latest/kurrentdb:latest')
    .withEnvironment({
      KURRENTDB_INSECURE: 'true',
      KURRENTDB_CLUSTER_SIZE: '1',
      KURRENTDB_RUN_PROJECTIONS: 'None',
      KURRENTDB_MEM_DB: 'true',
    })
    .withExposedPorts(2113)
    .withWaitStrategy(Wait.forHttp('/health/live', 2113).forStatusCode(204))
    .start();
  return {
    url: `kurrentdb://${container.getHost()}:${container.getMappedPort(2113)}?tls=false`,
    stop: async () => {
      await container.stop();
    },
  };
}

/**
 * KAFKA_BROKERS (comma-separated host:port) when set, else a throwaway single-node KRaft broker
 * (apache/kafka) when Docker is there. `url` holds the comma-separated broker list.
 */
export async function kafkaBrokers(): Promise<ServerTarget> {
  const configured = process.env.KAFKA_BROKERS;
  if (configured) return { url: configured };
  if (!(await dockerAvailable())) {
    return {
      skipReason: 'no Kafka broker configured (set KAFKA_BROKERS) and no Docker engine for testcontainers',
    };
  }
  // The client must be told the broker's address as seen from the host, and the mapped port is
  // only known once the container runs: the command waits for a script exporting it.
  const starter = '/tmp/advertised-listeners.sh';
  const container = await new GenericContainer('apache/kafka:3.8.0')
    .withEnvironment({
      CLUSTER_ID: '4L6g3nShT-eMCtK--X86sw',
      KAFKA_NODE_ID: '1',
      KAFKA_PROCESS_ROLES: 'broker,controller',
      KAFKA_LISTENERS: 'PLAINTEXT://0.0.0.0:9092,BROKER://0.0.0.0:9094,CONTROLLER://0.0.0.0:9093',
      KAFKA_LISTENER_SECURITY_PROTOCOL_MAP: 'PLAINTEXT:PLAINTEXT,BROKER:PLAINTEXT,CONTROLLER:PLAINTEXT',
      KAFKA_INTER_BROKER_LISTENER_NAME: 'BROKER',
      KAFKA_CONTROLLER_LISTENER_NAMES: 'CONTROLLER',
      KAFKA_CONTROLLER_QUORUM_VOTERS: '1@localhost:9093',
      KAFKA_OFFSETS_TOPIC_REPLICATION_FACTOR: '1',
      KAFKA_TRANSACTION_STATE_LOG_REPLICATION_FACTOR: '1',
      KAFKA_TRANSACTION_STATE_LOG_MIN_ISR: '1',
      KAFKA_GROUP_INITIAL_REBALANCE_DELAY_MS: '0',
      KAFKA_AUTO_CREATE_TOPICS_ENABLE: 'false',
    })
    .withExposedPorts(9092)
    .withCommand([
      'sh',
      '-c',
      `echo waiting-for-listeners; while [ ! -f ${starter} ]; do sleep 0.1; done; . ${starter}; exec /etc/kafka/docker/run`,
    ])
    .withWaitStrategy(Wait.forLogMessage('waiting-for-listeners'))
    .start();
  const broker = `${container.getHost()}:${container.getMappedPort(9092)}`;
  await container.copyContentToContainer([
    {
      content: `export KAFKA_ADVERTISED_LISTENERS=PLAINTEXT://${broker},BROKER://localhost:9094\n`,
      target: starter,
      mode: 0o644,
    },
  ]);
  const stop = async () => {
    await container.stop();
  };
  try {
    await waitForBroker(broker);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: broker, stop };
}

async function waitForBroker(broker: string, timeoutMs = 120_000): Promise<void> {
  const { Kafka, logLevel } = await import('kafkajs');
  const admin = new Kafka({ brokers: [broker], logLevel: logLevel.NOTHING }).admin();
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await admin.connect();
      await admin.listTopics();
      await admin.disconnect();
      return;
    } catch (error) {
      await admin.disconnect().catch(() => {});
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}
