import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type IntegrationEvent, integrationEventKey, topicOf, type UserRole } from '@risk-profile/contracts';
import { openSessions, type SqlClient } from '@risk-profile/platform';
import { type ServiceUnderTest, staffCookie, startServiceUnderTest } from '@risk-profile/platform/testing';
import { notificationConfigSchema } from '../config';
import { createNotificationService, type NotificationOptions } from '../index';
import { smtpMailer } from '../mail/smtp-mailer.adapter';
import { vonageSms } from '../sms/vonage-sms.adapter';
import { type SmtpTestServer, startSmtpTestServer } from './smtp-test-server';
import { startVonageTestServer, type VonageTestServer } from './vonage-test-server';

export interface NotificationUnderTest extends ServiceUnderTest {
  /** Publishes an integration event on its topic, keyed as its producer keys it. */
  publish(event: IntegrationEvent): Promise<void>;
  /** The session cookie of a new staff account. */
  signIn(role: UserRole, adviserSlug: string | null, email: string): Promise<string>;
  /** Its DATA_DIR: a new folder, deleted on stop, unless `env` named one. */
  dataDir: string;
}

/**
 * The notification service on `sql` with its background work running, staff sessions verified,
 * and the configuration `env` (REPORT_TIME_ZONE, DATA_DIR) parsed as at start-up.
 */
export async function startNotificationUnderTest(
  sql: SqlClient,
  env: Record<string, string>,
  options: Omit<NotificationOptions, 'sessions'> & { clock?: () => Date } = {},
): Promise<NotificationUnderTest> {
  const { clock, ...serviceOptions } = options;
  const sessions = await openSessions(sql, { secret: 's'.repeat(40), publicUrl: 'http://localhost' });
  const ownDir = env.DATA_DIR ? undefined : mkdtempSync(join(tmpdir(), 'notification-'));
  const dataDir = env.DATA_DIR ?? ownDir!;
  const config = notificationConfigSchema.parse({ ...env, DATA_DIR: dataDir });
  const service = await startServiceUnderTest(
    sql,
    (deps) => createNotificationService(deps, config, { ...serviceOptions, sessions: sessions.verifier }),
    { ...(clock ? { clock } : {}), background: true },
  );
  return {
    ...service,
    dataDir,
    stop: async () => {
      await service.stop();
      if (ownDir) rmSync(ownDir, { recursive: true, force: true });
    },
    publish: (event) =>
      service.bus.publish(topicOf(event), [{ id: event.id, key: integrationEventKey(event), value: event }]),
    signIn: (role, adviserSlug, email) =>
      staffCookie(
        sql,
        { tokens: sessions.tokens, cookieName: sessions.cookie.name },
        { role, adviserSlug, email },
      ),
  };
}

export interface NotificationWithServers {
  service: NotificationUnderTest;
  smtp: SmtpTestServer;
  vonage: VonageTestServer;
  /** Stops the service (deleting its DATA_DIR) and both servers. */
  stop(): Promise<void>;
}

/**
 * The service in a new DATA_DIR, reports dated in Sydney, sending emails to a test SMTP server and
 * text messages to a test Vonage server.
 */
export async function startWithTestServers(
  sql: SqlClient,
  options: Pick<NotificationOptions, 'sender'> & { clock?: () => Date },
): Promise<NotificationWithServers> {
  const smtp = await startSmtpTestServer();
  const vonage = await startVonageTestServer();
  const service = await startNotificationUnderTest(
    sql,
    { REPORT_TIME_ZONE: 'Australia/Sydney' },
    {
      transports: {
        mailer: smtpMailer({ url: smtp.url }),
        sms: vonageSms({ apiKey: 'k', apiSecret: 's', from: 'RiskProfile', restHost: vonage.url }),
      },
      ...options,
    },
  );
  const stop = async () => {
    await service.stop();
    await Promise.all([smtp.stop(), vonage.stop()]);
  };
  return { service, smtp, vonage, stop };
}
