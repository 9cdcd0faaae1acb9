import { join } from 'node:path';
import {
  createServiceApp,
  migrate,
  type PlatformDeps,
  PostgresCheckpointStore,
  type ServiceModule,
  type Subscription,
} from '@risk-profile/platform';
import type { NotificationConfig } from './config';
import { createComposer } from './delivery/compose';
import { DELIVERY_MIGRATIONS } from './delivery/delivery.migrations';
import { subscribeNotificationConsumer } from './delivery/notification-consumer';
import { type Sender, type SenderOptions, startSender } from './delivery/sender';
import { fileSentJournal, type SentJournal } from './delivery/sent-journal';
import type { Mailer } from './mail/mailer.port';
import type { SmsSender } from './sms/sms-sender.port';
import { openTransports } from './transports';

export { loadNotificationConfig, type NotificationConfig, notificationConfigSchema } from './config';

export interface NotificationOptions {
  /** Replaces the configured transports (tests). */
  transports?: { mailer: Mailer; sms: SmsSender };
  /** Sender tuning (tests shorten the retry delays). */
  sender?: Pick<
    SenderOptions,
    'retryDelaysMs' | 'pollIntervalMs' | 'concurrency' | 'leaseMs' | 'purgeIntervalMs'
  >;
}

/**
 * The notification service: consumes signed assessments and link requests, records the
 * deliveries they ask for, and sends them (report emails with the PDF, client copies, SMS,
 * link emails) through the configured transports. It serves no endpoints of its own.
 */
export async function createNotificationService(
  deps: PlatformDeps,
  config: NotificationConfig,
  options: NotificationOptions = {},
): Promise<ServiceModule> {
  const { sql, bus, logger, clock } = deps;
  await migrate(sql, 'notification', DELIVERY_MIGRATIONS);
  const leases = await PostgresCheckpointStore.create(sql);
  const transports = options.transports ?? openTransports(config);
  const compose = createComposer({ timeZone: config.REPORT_TIME_ZONE, from: config.MAIL_FROM });
  let sender: Sender | undefined;
  let journal: SentJournal | undefined;
  let subscription: Subscription | undefined;
  const ready = async () => {
    await sql.query('SELECT 1');
    return true;
  };
  const app = createServiceApp({ name: 'notification', logger, ready, routes: () => {} });
  return {
    name: 'notification',
    app,
    start: async () => {
      // One process at a time uses a data folder, so the journal there is this sender's alone.
      journal ??= fileSentJournal(join(config.DATA_DIR, 'notification', 'sent-journal.ndjson'));
      sender ??= startSender({
        sql,
        ...transports,
        compose,
        leases,
        clock,
        logger,
        journal,
        ...options.sender,
      });
      subscription ??= await subscribeNotificationConsumer({
        sql,
        bus,
        clock,
        onRecorded: () => sender?.wake(),
      });
      logger.info(
        { mail: transports.mailer.describe, sms: transports.sms.describe },
        'notification transports',
      );
    },
    stop: async () => {
      await subscription?.stop();
      subscription = undefined;
      await sender?.stop();
      sender = undefined;
      journal?.close();
      journal = undefined;
      await transports.mailer.close();
    },
    ready,
  };
}
