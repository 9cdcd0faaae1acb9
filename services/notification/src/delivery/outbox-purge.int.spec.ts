import { existsSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { integrationEventKey, topicOf } from '@risk-profile/contracts';
import { PgliteSqlClient, type SqlClient } from '@risk-profile/platform';
import { eventually, type ServiceUnderTest, startServiceUnderTest } from '@risk-profile/platform/testing';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { notificationConfigSchema } from '../config';
import { createNotificationService } from '../index';
import { signedAssessment } from '../testing/fixtures';
import { purgeOutbox } from './outbox-purge';
import { PURGE_AFTER_MS } from './sender';

const HOUR_MS = 60 * 60_000;

describe('purgeOutbox', () => {
  let dir: string;
  const now = new Date();
  /** A file whose modification time is `ageMs` before now. */
  const file = (name: string, ageMs: number) => {
    const path = join(dir, name);
    writeFileSync(path, 'message');
    const at = new Date(now.getTime() - ageMs);
    utimesSync(path, at, at);
  };
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'outbox-purge-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('deletes emails, text messages and interrupted writes older than the cut-off, and nothing else', async () => {
    file('old.eml', 2 * HOUR_MS);
    file('old.sms.json', 2 * HOUR_MS);
    file('.interrupted.eml.tmp', 2 * HOUR_MS);
    file('young.eml', 10_000);
    file('young.sms.json', 10_000);
    file('notes.txt', 2 * HOUR_MS);

    const purged = await purgeOutbox(dir, new Date(now.getTime() - HOUR_MS));

    expect(purged).toBe(3);
    expect(readdirSync(dir).sort()).toEqual(['notes.txt', 'young.eml', 'young.sms.json']);
  });

  it('purges nothing when the folder was never written', async () => {
    expect(await purgeOutbox(join(dir, 'missing'), now)).toBe(0);
  });
});

describe('the notification service without SMTP or Vonage', () => {
  let sql: SqlClient;
  let service: ServiceUnderTest;
  let dataDir: string;
  // Real time, which the test moves past the retention.
  let offsetMs = 0;
  const clock = () => new Date(Date.now() + offsetMs);
  const outboxFiles = () => {
    const outbox = join(dataDir, 'outbox');
    return existsSync(outbox) ? readdirSync(outbox).filter((name) => !name.startsWith('.')) : [];
  };

  beforeAll(async () => {
    sql = await PgliteSqlClient.open();
    dataDir = mkdtempSync(join(tmpdir(), 'notification-outbox-'));
    const config = notificationConfigSchema.parse({ DATA_DIR: dataDir });
    service = await startServiceUnderTest(
      sql,
      (deps) =>
        createNotificationService(deps, config, {
          sender: { pollIntervalMs: 50, purgeIntervalMs: 50 },
        }),
      { clock, background: true },
    );
  });
  afterAll(async () => {
    await service?.stop();
    await sql?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('deletes the outbox files with the message content, an hour after sending', async () => {
    const event = signedAssessment({ clientEmail: 'outbox@example.com' });
    await service.bus.publish(topicOf(event), [
      { id: event.id, key: integrationEventKey(event), value: event },
    ]);
    const written = await eventually(async () => {
      const files = outboxFiles();
      if (files.length < 2) throw new Error('not written yet');
      return files;
    });
    expect(written.every((name) => name.endsWith('.eml'))).toBe(true);

    offsetMs += PURGE_AFTER_MS + 60_000;

    await eventually(async () => {
      expect(outboxFiles()).toEqual([]);
    });
  });
});
