import {
  type AssessmentSignedV1,
  assessmentErasedV1,
  type CreatedWebhook,
  type IntegrationEvent,
  WEBHOOK_EVENT_SCHEMAS,
  type WebhookDeliveryView,
  type WebhookEndpointView,
} from '@risk-profile/contracts';
import type { SqlClient } from '@risk-profile/platform';
import { describeTargets, eventually, sqlTargets } from '@risk-profile/platform/testing';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADVISER, envelopeOf, linkRequested, signedAssessment } from '../testing/fixtures';
import { type NotificationUnderTest, startNotificationUnderTest } from '../testing/notification-under-test';
import {
  type ReceivedWebhook,
  startWebhookReceiver,
  type WebhookReceiver,
} from '../testing/webhook-receiver';
import { GONE_REASON } from './webhook-sender';

const KEY = Buffer.alloc(32, 9).toString('base64');

describeTargets(
  sqlTargets(),
  (target) => `signed webhooks on ${target.name}`,
  (target) => {
    let sql: SqlClient;
    let service: NotificationUnderTest;
    let receiver: WebhookReceiver;
    let admin: string;
    let adviser: string;

    const call = (method: string, path: string, cookie: string, body?: unknown) =>
      fetch(`${service.url}${path}`, {
        method,
        headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    const publish = (event: IntegrationEvent) => service.publish(event);

    async function addEndpoint(events: string[], url = receiver.url): Promise<CreatedWebhook> {
      const res = await call('POST', '/api/admin/webhooks', admin, { url, events, description: 'CRM' });
      expect(res.status).toBe(201);
      return (await res.json()) as CreatedWebhook;
    }
    async function deliveriesOf(endpointId: string): Promise<WebhookDeliveryView[]> {
      const res = await call('GET', `/api/admin/webhooks/${endpointId}/deliveries`, admin);
      expect(res.status).toBe(200);
      return ((await res.json()) as { deliveries: WebhookDeliveryView[] }).deliveries;
    }
    const verify = (secret: string, received: ReceivedWebhook) =>
      new Webhook(secret).verify(received.body, received.headers as Record<string, string>);

    beforeAll(async () => {
      sql = await target.open();
      receiver = await startWebhookReceiver();
      service = await startNotificationUnderTest(
        sql,
        {
          WEBHOOK_ENCRYPTION_KEY: KEY,
          WEBHOOK_ALLOW_INSECURE_TARGETS: 'true',
          ADMIN_ALERT_EMAIL: 'ops@example.com',
        },
        {
          webhooks: { retryDelaysMs: [100, 100, 100], pollIntervalMs: 50 },
          publicUrl: () => 'https://risk.example.com',
        },
      );
      admin = await service.signIn('admin', null, 'admin@example.com');
      adviser = await service.signIn('adviser', ADVISER.slug, ADVISER.email);
    });
    afterAll(async () => {
      await service?.stop();
      await receiver?.stop();
      await sql?.close();
    });

    describe('the admin API', () => {
      it('answers 401 without a session and 403 to an adviser', async () => {
        expect((await call('GET', '/api/admin/webhooks', '')).status).toBe(401);
        expect((await call('GET', '/api/admin/webhooks', adviser)).status).toBe(403);
        const body = { url: receiver.url, events: ['assessment.signed'] };
        expect((await call('POST', '/api/admin/webhooks', adviser, body)).status).toBe(403);
      });

      it.each([
        ['not a URL', { url: 'crm', events: ['assessment.signed'] }, /full URL/],
        [
          'another scheme',
          { url: 'ftp://crm.example.com/', events: ['assessment.signed'] },
          /https, not ftp/,
        ],
        ['no events', { url: 'https://crm.example.com/', events: [] }, /at least one event/],
        [
          'an unknown event',
          { url: 'https://crm.example.com/', events: ['assessment.viewed'] },
          /Events are among/,
        ],
      ])('answers 400 for %s', async (_, body, message) => {
        const res = await call('POST', '/api/admin/webhooks', admin, body);
        expect(res.status).toBe(400);
        expect(((await res.json()) as { error: string }).error).toMatch(message);
      });

      it('answers 404 for an endpoint or a delivery it does not have', async () => {
        const unknown = '00000000-0000-4000-8000-000000000000';
        for (const [method, path] of [
          ['POST', `/api/admin/webhooks/${unknown}/disable`],
          ['POST', '/api/admin/webhooks/not-an-id/enable'],
          ['DELETE', `/api/admin/webhooks/${unknown}`],
          ['POST', `/api/admin/webhooks/${unknown}/rotate-secret`],
          ['GET', `/api/admin/webhooks/${unknown}/deliveries`],
        ] as const) {
          const res = await call(method, path, admin);
          expect(res.status, `${method} ${path}`).toBe(404);
          expect(await res.json()).toMatchObject({ error: 'No such webhook endpoint.' });
        }
        const { id } = await addEndpoint(['review.due']);
        const res = await call('POST', `/api/admin/webhooks/${id}/deliveries/msg_nothing/resend`, admin);
        expect(res.status).toBe(404);
        expect((await call('DELETE', `/api/admin/webhooks/${id}`, admin)).status).toBe(200);
      });

      it('answers the secret once: the list carries none', async () => {
        const { id, secret } = await addEndpoint(['assessment.erased']);
        expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
        const res = await call('GET', '/api/admin/webhooks', admin);
        const text = await res.text();
        expect(text).not.toContain(secret.slice(6));
        const { endpoints } = JSON.parse(text) as { endpoints: WebhookEndpointView[] };
        expect(endpoints.find((e) => e.id === id)).toMatchObject({
          state: 'active',
          events: ['assessment.erased'],
        });
        await call('DELETE', `/api/admin/webhooks/${id}`, admin);
      });
    });

    describe('deliveries', () => {
      let endpoint: CreatedWebhook;
      beforeAll(async () => {
        endpoint = await addEndpoint(['assessment.signed', 'assessment.erased', 'questionnaire_link.sent']);
      });

      async function delivered(
        event: AssessmentSignedV1 | IntegrationEvent,
        count = 1,
      ): Promise<ReceivedWebhook[]> {
        return eventually(async () => {
          const got = receiver.withId(`msg_${event.id}`);
          if (got.length < count) throw new Error(`${got.length} of ${count} received`);
          return got;
        });
      }

      it('sends exactly one signed assessment.signed per signing, verified by the reference library', async () => {
        const signed = signedAssessment();
        await publish(signed);
        // The bus delivering the event again writes nothing twice.
        await publish(signed);
        const [received] = await delivered(signed);
        const payload = verify(endpoint.secret, received!) as { type: string; data: Record<string, unknown> };
        expect(WEBHOOK_EVENT_SCHEMAS['assessment.signed'].parse(payload)).toMatchObject({
          type: 'assessment.signed',
          timestamp: signed.occurredAt,
          data: {
            assessmentId: signed.data.assessmentId,
            questionnaireVersion: 1,
            riskScore: signed.data.riskScore,
            client: { name: 'Jane Citizen', email: 'jane@example.com', phone: '0412 345 678' },
            adviser: { slug: ADVISER.slug, email: ADVISER.email },
            reportUrl: `https://risk.example.com/api/adviser/assessments/${signed.data.assessmentId}/report.pdf`,
          },
        });
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(receiver.withId(`msg_${signed.id}`)).toHaveLength(1);
        // Recorded with the others delivered meanwhile, a moment later.
        await eventually(async () => {
          const [row] = (await deliveriesOf(endpoint.id)).filter((d) => d.id === `msg_${signed.id}`);
          expect(row).toMatchObject({
            status: 'delivered',
            attempts: 1,
            responseCode: 200,
            eventType: 'assessment.signed',
          });
        });
      });

      it('retries a receiver that answers 500 twice: three attempts with one id and the same bytes', async () => {
        receiver.answerNext(500, 500);
        const link = linkRequested();
        await publish(link);
        const attempts = await delivered(link, 3);
        expect(new Set(attempts.map((a) => a.body)).size).toBe(1);
        expect(new Set(attempts.map((a) => a.headers['webhook-timestamp'])).size).toBeGreaterThanOrEqual(1);
        await eventually(async () => {
          const [row] = (await deliveriesOf(endpoint.id)).filter((d) => d.id === `msg_${link.id}`);
          expect(row).toMatchObject({ status: 'delivered', attempts: 3, responseCode: 200 });
        });
      });

      it('sends a delivery again by hand with the same id and body', async () => {
        const signed = signedAssessment();
        await publish(signed);
        const [first] = await delivered(signed);
        const res = await call(
          'POST',
          `/api/admin/webhooks/${endpoint.id}/deliveries/msg_${signed.id}/resend`,
          admin,
        );
        expect(res.status).toBe(200);
        const [, again] = await delivered(signed, 2);
        expect(again!.body).toBe(first!.body);
        verify(endpoint.secret, again!);
      });

      it('lets a resend stand when the attempt before it fails later: no third attempt, delivered', async () => {
        receiver.answerNext('hang', 'hang');
        const signed = signedAssessment();
        await publish(signed);
        await delivered(signed);
        const res = await call(
          'POST',
          `/api/admin/webhooks/${endpoint.id}/deliveries/msg_${signed.id}/resend`,
          admin,
        );
        expect(res.status).toBe(200);
        await delivered(signed, 2);
        // The first attempt fails while the resend's is under way: it must not settle over it
        // (as a retry, which would make a third attempt and drop the resend's outcome).
        receiver.release(500);
        await new Promise((resolve) => setTimeout(resolve, 400));
        receiver.release(200);
        await eventually(async () => {
          const [row] = (await deliveriesOf(endpoint.id)).filter((d) => d.id === `msg_${signed.id}`);
          expect(row).toMatchObject({ status: 'delivered', attempts: 2, responseCode: 200 });
        });
        await new Promise((resolve) => setTimeout(resolve, 400));
        expect(receiver.withId(`msg_${signed.id}`)).toHaveLength(2);
      });

      it('signs with both secrets for a day after a rotation', async () => {
        const res = await call('POST', `/api/admin/webhooks/${endpoint.id}/rotate-secret`, admin);
        expect(res.status).toBe(200);
        const { secret } = (await res.json()) as { secret: string };
        expect(secret).not.toBe(endpoint.secret);
        const signed = signedAssessment();
        await publish(signed);
        const [received] = await delivered(signed);
        expect(String(received!.headers['webhook-signature']).split(' ')).toHaveLength(2);
        verify(secret, received!);
        verify(endpoint.secret, received!);
        endpoint = { ...endpoint, secret };
      });

      it("erases the body of an erased assessment's deliveries and tells the receiver", async () => {
        const link = linkRequested({ clientName: 'Erin Quillfeather' });
        await publish(link);
        const signed = signedAssessment({ clientName: 'Erin Quillfeather', linkId: link.data.linkId });
        await publish(signed);
        await delivered(signed);
        const erased = assessmentErasedV1.parse({
          ...envelopeOf('AssessmentErased', 'req-erase'),
          data: {
            assessmentId: signed.data.assessmentId,
            reason: 'request',
            linkId: link.data.linkId,
            adviserSlug: ADVISER.slug,
            erasedAt: new Date().toISOString(),
          },
        });
        await publish(erased);
        const [notice] = await delivered(erased);
        expect(JSON.parse(notice!.body)).toEqual({
          type: 'assessment.erased',
          timestamp: erased.occurredAt,
          data: { assessmentId: signed.data.assessmentId },
        });
        const { rows } = await sql.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM webhook_deliveries WHERE lower(webhook_deliveries::text) LIKE '%quillfeather%'`,
        );
        expect(rows[0]!.n).toBe(0);
        const resend = await call(
          'POST',
          `/api/admin/webhooks/${endpoint.id}/deliveries/msg_${signed.id}/resend`,
          admin,
        );
        expect(resend.status).toBe(409);
      });

      it('pages the delivery log newest first', async () => {
        const res = await call('GET', `/api/admin/webhooks/${endpoint.id}/deliveries?limit=2`, admin);
        const page = (await res.json()) as { deliveries: WebhookDeliveryView[]; nextCursor: string };
        expect(page.deliveries).toHaveLength(2);
        expect(page.nextCursor).toEqual(expect.any(String));
        const next = await call(
          'GET',
          `/api/admin/webhooks/${endpoint.id}/deliveries?limit=2&cursor=${page.nextCursor}`,
          admin,
        );
        const second = (await next.json()) as { deliveries: WebhookDeliveryView[] };
        expect(second.deliveries[0]!.createdAt <= page.deliveries[1]!.createdAt).toBe(true);
        expect(second.deliveries.map((d) => d.id)).not.toContain(page.deliveries[1]!.id);
        const bad = await call('GET', `/api/admin/webhooks/${endpoint.id}/deliveries?cursor=nonsense`, admin);
        expect(bad.status).toBe(400);
      });
    });

    it('disables an endpoint that answers 410 and emails the administrators', async () => {
      const gone = await addEndpoint(['assessment.signed']);
      // Both endpoints subscribe: the other one answers first or second, whichever; 410 once.
      receiver.answerNext(410);
      const signed = signedAssessment();
      await publish(signed);
      await eventually(async () => {
        const res = await call('GET', '/api/admin/webhooks', admin);
        const { endpoints } = (await res.json()) as { endpoints: WebhookEndpointView[] };
        const disabled = endpoints.filter((e) => e.state === 'disabled');
        expect(disabled).toHaveLength(1);
        expect(disabled[0]!.disabledReason).toBe(GONE_REASON);
      });
      const { rows } = await sql.query<{ recipient: string }>(
        `SELECT recipient FROM notification_deliveries WHERE kind = 'webhook-alert-email'`,
      );
      expect(rows.map((r) => r.recipient)).toEqual(['ops@example.com']);
      await call('DELETE', `/api/admin/webhooks/${gone.id}`, admin);
    });
  },
);
