import { randomBytes } from 'node:crypto';
import { type Deployable, freePort, startDeployable, testSecret } from './deployables';

export interface DistributedOptions {
  /** The database every service shares (each keeps its own tables). */
  databaseUrl: string;
  /** Comma-separated brokers: the bus on Kafka; absent, the bus on the PostgreSQL log. */
  kafkaBrokers?: string;
  /** Where notification sends email; absent, it writes .eml files to its outbox. */
  smtpUrl?: string;
  /** Instances per service (default one each); analytics always runs one (embedded chDB). */
  instances?: { assessment?: number; adviser?: number; notification?: number };
  /** Connections in each service's PostgreSQL pool (the server's connections are shared). */
  poolSize?: number;
  logLevel?: string;
  /** Keys added to one service's environment (every instance of it). */
  env?: Partial<
    Record<'gateway' | 'assessment' | 'adviser' | 'notification' | 'analytics', Record<string, string>>
  >;
}

export interface DistributedSystem {
  /** The gateway's address: the product's public address. */
  url: string;
  gateway: Deployable;
  assessment: Deployable[];
  adviser: Deployable[];
  notification: Deployable[];
  analytics: Deployable;
  all(): Deployable[];
  /** Every process's last lines, for a failure report. */
  logs(): string;
  stop(): Promise<void>;
}

/**
 * The distributed mode as separate OS processes on one PostgreSQL server: the gateway in front of
 * the four services, each `*_URL` naming every instance of its service (comma-separated), and
 * demo data on the adviser service (the /demo-adviser page and the demo accounts).
 */
export async function startDistributedSystem(options: DistributedOptions): Promise<DistributedSystem> {
  const gatewayPort = await freePort();
  const publicUrl = `http://127.0.0.1:${gatewayPort}`;
  const common: Record<string, string> = {
    DATABASE_URL: options.databaseUrl,
    DATABASE_POOL_SIZE: String(options.poolSize ?? 4),
    SESSION_SECRET: testSecret(),
    PUBLIC_URL: publicUrl,
    LOG_LEVEL: options.logLevel ?? 'info',
    // The gateway is the only peer, and it passes the client's address on.
    TRUST_PROXY: '1',
    ...(options.kafkaBrokers ? { KAFKA_BROKERS: options.kafkaBrokers } : {}),
  };
  const count = (n: number | undefined) => Math.max(1, n ?? 1);
  const ports = async (n: number) => Promise.all(Array.from({ length: n }, () => freePort()));
  const [assessmentPorts, adviserPorts, notificationPorts] = await Promise.all([
    ports(count(options.instances?.assessment)),
    ports(count(options.instances?.adviser)),
    ports(count(options.instances?.notification)),
  ]);
  const urls = (list: number[]) => list.map((port) => `http://127.0.0.1:${port}`).join(',');
  const started: Deployable[] = [];
  const start = async (...args: Parameters<typeof startDeployable>) => {
    const deployable = await startDeployable(...args);
    started.push(deployable);
    return deployable;
  };
  // The first instance of a service alone, then the others: instances that join one consumer
  // group at the same moment make its first rebalance race, which a rollout avoids.
  const instances = async (
    name: 'assessment' | 'adviser' | 'notification',
    list: number[],
    env: Record<string, string>,
  ) => {
    const one = (port: number, index: number) =>
      start(name, {
        label: list.length > 1 ? `${name}-${index + 1}` : name,
        port,
        env: { ...common, ...env, ...options.env?.[name] },
        // A member joining a Kafka group may wait up to the bus's join wait (a minute) for the
        // rebalance before it reports ready.
        ...(options.kafkaBrokers ? { readyTimeoutMs: 150_000 } : {}),
      });
    const first = await one(list[0]!, 0);
    return [first, ...(await Promise.all(list.slice(1).map((port, i) => one(port, i + 1))))];
  };
  try {
    const [adviser, assessment, notification, analytics] = await Promise.all([
      instances('adviser', adviserPorts, {
        DEMO_DATA: 'true',
        LINK_TOKEN_SECRET: testSecret(),
        LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
        HOUSEHOLD_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      }),
      instances('assessment', assessmentPorts, {
        ADVISER_URL: urls(adviserPorts),
        SIGN_RATE_LIMIT_PER_HOUR: '0',
        DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      }),
      instances('notification', notificationPorts, {
        ...(options.smtpUrl ? { SMTP_URL: options.smtpUrl } : {}),
        MAIL_FROM: 'Risk Profile <reports@risk-profile.test>',
      }),
      start('analytics', { env: { ...common, ...options.env?.analytics } }),
    ]);
    const gateway = await start('gateway', {
      port: gatewayPort,
      env: {
        ...common,
        DEMO_DATA: 'true',
        RATE_LIMIT_PER_MINUTE: '0',
        ASSESSMENT_URL: urls(assessmentPorts),
        ADVISER_URL: urls(adviserPorts),
        NOTIFICATION_URL: urls(notificationPorts),
        ANALYTICS_URL: analytics.url,
        ...options.env?.gateway,
      },
    });
    const all = () => [gateway, ...assessment, ...adviser, ...notification, analytics];
    return {
      url: publicUrl,
      gateway,
      assessment,
      adviser,
      notification,
      analytics,
      all,
      logs: () =>
        all()
          .flatMap((d) => d.logs())
          .join('\n'),
      // The gateway first, so nothing new arrives while the services finish their work.
      stop: async () => {
        await gateway.dispose();
        await Promise.all(
          all()
            .slice(1)
            .map((d) => d.dispose()),
        );
      },
    };
  } catch (error) {
    await Promise.all(started.map((d) => d.dispose()));
    throw error;
  }
}
