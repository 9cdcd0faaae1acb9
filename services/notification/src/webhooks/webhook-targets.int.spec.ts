import type { CreatedWebhook, WebhookDeliveryView } from '@risk-profile/contracts';
import type { SqlClient } from '@risk-profile/platform';
import { describeTargets, eventually, sqlTargets } from '@risk-profile/platform/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signedAssessment } from '../testing/fixtures';
import { type NotificationUnderTest, startNotificationUnderTest } from '../testing/notification-under-test';

// Without WEBHOOK_ALLOW_INSECURE_TARGETS, as in production: https and public addresses only,
// checked at registration and again, after DNS, on every attempt.
describeTargets(
  sqlTargets(),
  (target) => `webhook targets on ${target.name}`,
  (target) => {
    let sql: SqlClient;
    let service: NotificationUnderTest;
    let admin: string;
    /** What the test's DNS answers, by name. */
    const dns = new Map<string, string>();

    const register = (url: string) =>
      service.post('/api/admin/webhooks', { url, events: ['assessment.signed'] }, { cookie: admin });

    beforeAll(async () => {
      sql = await target.open();
      service = await startNotificationUnderTest(
        sql,
        { WEBHOOK_ENCRYPTION_KEY: Buffer.alloc(32, 4).toString('base64') },
        {
          webhooks: {
            retryDelaysMs: [60_000],
            pollIntervalMs: 50,
            resolve: async (name) => {
              const address = dns.get(name);
              if (!address) throw new Error('ENOTFOUND');
              return [{ address }];
            },
          },
        },
      );
      admin = await service.signIn('admin', null, 'admin@example.com');
    });
    afterAll(async () => {
      await service?.stop();
      await sql?.close();
    });

    it.each([
      ['http', 'http://crm.example.com/hooks', /use https, not http/],
      ['a loopback address', 'https://127.0.0.1/hooks', /127\.0\.0\.1 is not a public address \(loopback\)/],
      ['a private address', 'https://10.1.2.3/hooks', /not a public address \(private\)/],
      ['the metadata address', 'https://169.254.169.254/latest', /not a public address \(linkLocal\)/],
      ['an IPv4-mapped loopback', 'https://[::ffff:127.0.0.1]/', /ipv4Mapped loopback/],
    ])('refuses %s at registration with 400 and the reason', async (_, url, reason) => {
      const res = await register(url);
      expect(res.status).toBe(400);
      const { error } = (await res.json()) as { error: string };
      expect(error).toMatch(/^This URL cannot receive webhooks: /);
      expect(error).toMatch(reason);
    });

    it('refuses a name that resolves to a private address at registration', async () => {
      dns.set('intranet.example.com', '192.168.1.10');
      const res = await register('https://intranet.example.com/hooks');
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: string }).error).toMatch(/resolves to 192\.168\.1\.10/);
    });

    it('checks again on delivery: a name now resolving to loopback is a failed attempt, never a request', async () => {
      dns.set('crm.example.com', '93.184.216.34');
      const res = await register('https://crm.example.com/hooks');
      expect(res.status).toBe(201);
      const { id } = (await res.json()) as CreatedWebhook;
      dns.set('crm.example.com', '127.0.0.1');
      const signed = signedAssessment();
      await service.publish(signed);
      const row = await eventually(async () => {
        const log = await fetch(`${service.url}/api/admin/webhooks/${id}/deliveries`, {
          headers: { cookie: admin },
        });
        const { deliveries } = (await log.json()) as { deliveries: WebhookDeliveryView[] };
        const found = deliveries.find((d) => d.id === `msg_${signed.id}`);
        if (!found?.lastError) throw new Error('not attempted yet');
        return found;
      });
      expect(row).toMatchObject({ status: 'pending', attempts: 1, responseCode: null });
      expect(row.lastError).toMatch(
        /^target refused: crm\.example\.com resolves to 127\.0\.0\.1, which is not a public address/,
      );
    });
  },
);
