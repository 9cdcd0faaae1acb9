import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import {
  type DisplaySettings,
  displaySettingsEndpoint,
  internalMessageDeliveryPath,
  type MessageDelivery,
} from '@risk-profile/contracts';
import {
  createServiceApp,
  type Logger,
  migrate,
  migrateAccessLog,
  NotReadyError,
  type PlatformDeps,
  type ServiceModule,
  type SessionVerifier,
  SqlRateLimitStore,
  type Subscription,
  waitingGroupsReason,
} from '@risk-profile/platform';
import type { NotificationConfig } from './config';
import { createComposer } from './delivery/compose';
import { DELIVERY_MIGRATIONS } from './delivery/delivery.migrations';
import { type JournalLock, lockJournal } from './delivery/journal-lock';
import { subscribeNotificationConsumer } from './delivery/notification-consumer';
import { type OutboxPurge, startOutboxPurge } from './delivery/outbox-purge';
import { PURGE_AFTER_MS, type Sender, type SenderOptions, startSender } from './delivery/sender';
import { fileSentJournal, type SentJournal } from './delivery/sent-journal';
import { workerComposer } from './delivery/worker-composer';
import { erasedDeliveriesSince } from './erasure/delivery-erasure';
import { subscribeHouseholdConsumer } from './households/household-consumer';
import { mountHouseholdReport } from './households/household-report/household-report.route';
import { HOUSEHOLDS_MIGRATIONS } from './households/households.migrations';
import type { Mailer } from './mail/mailer.port';
import {
  mountRecordRoutes,
  RESEND_WINDOW_MS,
  RESENDS_PER_ADVISER_PER_HOUR,
  RESENDS_PER_ASSESSMENT_PER_HOUR,
} from './records/record-routes';
import { RECORDS_MIGRATIONS } from './records/records.migrations';
import { subscribeRecordsConsumer } from './records/records-consumer';
import { mountSubjectRoutes } from './records/subject-routes';
import type { SmsSender } from './sms/sms-sender.port';
import { messageDelivery, openTransports, outboxDir } from './transports';
import { createWebhooks, type WebhookOptions } from './webhooks/webhooks.module';

export { type NotificationConfig, notificationConfigSchema, notificationProcessConfigSchema } from './config';
export { reportComposerBeside } from './delivery/worker-composer';
export { messageDelivery } from './transports';

/** Nobody is signed in: what the records' endpoints see when no session check is given. */
const NO_SESSIONS: SessionVerifier = { authenticate: async () => null };

export interface NotificationOptions {
  /**
   * Verifies the session cookie of the records' endpoints (the adviser's workspace, the admin's
   * records); without it every one of them answers 401.
   */
  sessions?: SessionVerifier;
  /** Replaces the configured transports (tests). */
  transports?: { mailer: Mailer; sms: SmsSender };
  /**
   * The report composer's worker entry (report-composer.mjs, bundled beside each server entry):
   * messages are then rendered and encoded in a worker thread instead of on the event loop.
   */
  composeWorker?: URL;
  /** Sender tuning (tests shorten the retry delays). */
  sender?: Pick<
    SenderOptions,
    'retryDelaysMs' | 'pollIntervalMs' | 'concurrency' | 'claimMs' | 'purgeIntervalMs'
  >;
  /** Webhook sender tuning and DNS (tests and the benchmark shorten the retry delays). */
  webhooks?: WebhookOptions;
  /** The site's public address (PUBLIC_URL), for links in webhooks; http://localhost:3000 by default. */
  publicUrl?: () => string;
}

/**
 * The notification service: consumes signed assessments and link requests, records the
 * deliveries they ask for, and sends them (report emails with the PDF, client copies, SMS,
 * link emails) through the configured transports. It also keeps the records read model (the
 * adviser's workspace and the admin's records, docs/records.md) and serves their endpoints; its
 * internal endpoint says where messages go, for the distributed gateway's pages.
 */
export async function createNotificationService(
  deps: PlatformDeps,
  config: NotificationConfig,
  options: NotificationOptions = {},
): Promise<ServiceModule> {
  const { sql, bus, logger, clock } = deps;
  await migrate(sql, 'notification', DELIVERY_MIGRATIONS);
  // The access log first: the records' migration 003 rewrites entries of it.
  await migrateAccessLog(sql);
  await migrate(sql, 'notification-records', RECORDS_MIGRATIONS);
  await migrate(sql, 'notification-households', HOUSEHOLDS_MIGRATIONS);
  // Resends are counted in the database, so every instance shares the limits.
  const resendStore = async (name: string) => {
    const store = await SqlRateLimitStore.create(sql, name, { now: () => clock().getTime() });
    store.init({ windowMs: RESEND_WINDOW_MS } as Parameters<SqlRateLimitStore['init']>[0]);
    return store;
  };
  const resendLimits = {
    perAssessment: {
      limit: RESENDS_PER_ASSESSMENT_PER_HOUR,
      store: await resendStore('records-resend-report'),
    },
    perAdviser: { limit: RESENDS_PER_ADVISER_PER_HOUR, store: await resendStore('records-resend-adviser') },
  };
  const transports = options.transports ?? openTransports(config);
  const composerOptions = { timeZone: config.REPORT_TIME_ZONE, from: config.MAIL_FROM };
  const composer = options.composeWorker
    ? workerComposer({ ...composerOptions, script: options.composeWorker, logger })
    : undefined;
  const compose = composer?.compose ?? createComposer(composerOptions);
  let sender: Sender | undefined;
  let journal: SentJournal | undefined;
  let journalLock: JournalLock | undefined;
  let subscription: Subscription | undefined;
  let records: Subscription | undefined;
  let households: Subscription | undefined;
  let outboxPurge: OutboxPurge | undefined;
  const ready = async () => {
    await sql.query('SELECT 1');
    // On Kafka a consumer group may keep this instance waiting for its partitions (after a kill,
    // until the dead member's session expires): not ready meanwhile, and saying which group.
    const waiting = waitingGroupsReason(bus.waitingGroups?.());
    if (waiting !== undefined) throw new NotReadyError(waiting);
    return true;
  };
  const delivery = messageDelivery(config);
  const webhooks = await createWebhooks({
    platform: deps,
    config,
    sessions: options.sessions ?? NO_SESSIONS,
    logger,
    publicUrl: options.publicUrl ?? (() => 'http://localhost:3000'),
    onMailRecorded: () => sender?.wake(),
    options: options.webhooks,
  });
  const app = createServiceApp({
    name: 'notification',
    logger,
    ready,
    trustProxy: config.TRUST_PROXY,
    routes: (router) => {
      // The distributed gateway asks where messages go, so that its pages say it truthfully.
      router.get(internalMessageDeliveryPath, (_req, res) => res.json(delivery));
      // The pages write every date in the firm's zone, never the browser's (contracts' date-time).
      const displaySettings: DisplaySettings = { timeZone: config.REPORT_TIME_ZONE };
      router.get(displaySettingsEndpoint.path, (_req, res) => res.json(displaySettings));
      mountRecordRoutes(router, {
        sql,
        sessions: options.sessions ?? NO_SESSIONS,
        clock,
        reviewIntervalMonths: config.REVIEW_INTERVAL_MONTHS,
        timeZone: config.REPORT_TIME_ZONE,
        onRecorded: () => sender?.wake(),
        resendLimits,
        outbox: { email: transports.mailer.outbox === true, sms: transports.sms.outbox === true },
      });
      mountSubjectRoutes(router, {
        sql,
        sessions: options.sessions ?? NO_SESSIONS,
        clock,
        timeZone: config.REPORT_TIME_ZONE,
        retention: { draftDays: config.DRAFT_RETENTION_DAYS, recordYears: config.RECORD_RETENTION_YEARS },
      });
      mountHouseholdReport(router, {
        sql,
        sessions: options.sessions ?? NO_SESSIONS,
        clock,
        timeZone: config.REPORT_TIME_ZONE,
      });
      webhooks.mount(router);
    },
  });
  return {
    name: 'notification',
    app,
    start: async () => {
      // Each instance has a data folder of its own, and the journal there is its sender's alone:
      // the lock refuses a second live process on the same folder, and a restart on it records
      // what the last run had sent before claiming anything.
      const journalPath = join(config.DATA_DIR, 'notification', 'sent-journal.ndjson');
      mkdirSync(dirname(journalPath), { recursive: true });
      journalLock ??= await lockJournal(journalPath, { logger });
      journal ??= fileSentJournal(journalPath);
      sender ??= startSender({
        sql,
        ...transports,
        compose,
        // Off the event loop, the worker takes what requests leave at its lower priority.
        renderBudget: composer ? false : undefined,
        clock,
        logger,
        journal,
        ...options.sender,
      });
      // The outbox's files are purged with the same retention as the database's content, also
      // when a transport is configured now: the folder may hold what an earlier run wrote.
      outboxPurge ??= startOutboxPurge({
        dir: outboxDir(config),
        retentionMs: PURGE_AFTER_MS,
        intervalMs: options.sender?.purgeIntervalMs ?? 60_000,
        clock,
        logger,
        erasedSince: (since) => erasedDeliveriesSince(sql, since),
      });
      // The records read model, the households and the webhooks are consumer groups of their own.
      // The groups join side by side: on Kafka each join may wait for a rebalance, and in turn the
      // waits add up.
      const [deliveriesJoin, recordsJoin, householdsJoin, webhooksJoin] = await Promise.allSettled([
        subscription ??
          subscribeNotificationConsumer({
            sql,
            bus,
            clock,
            onRecorded: () => sender?.wake(),
            clientCopiesPerRecipientPerDay: config.CLIENT_COPIES_PER_RECIPIENT_PER_DAY,
            logger,
            outboxDir: outboxDir(config),
          }),
        records ?? subscribeRecordsConsumer({ sql, bus }),
        households ??
          subscribeHouseholdConsumer({
            sql,
            bus,
            clock,
            logger,
            onRecorded: () => sender?.wake(),
            outboxDir: outboxDir(config),
          }),
        webhooks.start(),
      ]);
      // Keep whichever joined, so stop() ends it even when another failed the start.
      if (deliveriesJoin.status === 'fulfilled') subscription = deliveriesJoin.value;
      if (recordsJoin.status === 'fulfilled') records = recordsJoin.value;
      if (householdsJoin.status === 'fulfilled') households = householdsJoin.value;
      for (const join of [deliveriesJoin, recordsJoin, householdsJoin, webhooksJoin]) {
        if (join.status === 'rejected') throw join.reason;
      }
      logger.info(
        {
          mail: transports.mailer.describe,
          sms: transports.sms.describe,
          composer: composer ? 'worker thread' : 'event loop',
        },
        'notification transports',
      );
      if (!options.transports) logUnsentChannels(logger, delivery, config);
    },
    stop: async () => {
      await webhooks.stop();
      await subscription?.stop();
      subscription = undefined;
      await records?.stop();
      records = undefined;
      await households?.stop();
      households = undefined;
      await sender?.stop();
      sender = undefined;
      await outboxPurge?.stop();
      outboxPurge = undefined;
      await composer?.close();
      journal?.close();
      journal = undefined;
      journalLock?.release();
      journalLock = undefined;
      await transports.mailer.close();
    },
    ready,
  };
}

/**
 * Says at start-up, in words, which messages are saved in a folder instead of being sent: a
 * warning when the folder is the fallback of a missing setting, information when the operator
 * chose it (MAIL_TRANSPORT=outbox, SMS_TRANSPORT=outbox).
 */
function logUnsentChannels(logger: Logger, delivery: MessageDelivery, config: NotificationConfig): void {
  const saved = [
    delivery.email === 'outbox'
      ? { what: 'emails', why: config.MAIL_TRANSPORT === 'outbox' ? 'MAIL_TRANSPORT=outbox' : 'no SMTP_URL' }
      : undefined,
    delivery.sms === 'outbox'
      ? {
          what: 'text messages',
          why: config.SMS_TRANSPORT === 'outbox' ? 'SMS_TRANSPORT=outbox' : 'no Vonage keys',
        }
      : undefined,
  ].filter((channel) => channel !== undefined);
  if (saved.length === 0) return;
  const chosen = saved.every((channel) => channel.why.endsWith('=outbox'));
  const channels = saved.map((channel) => `${channel.what} (${channel.why})`).join(' and ');
  logger[chosen ? 'info' : 'warn'](
    { outbox: outboxDir(config) },
    `Not sent: ${channels} are saved as files in ${outboxDir(config)}, kept one hour`,
  );
}
