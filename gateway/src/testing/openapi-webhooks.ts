import { randomUUID } from 'node:crypto';
import { buildPath, createdWebhookSchema, ENDPOINTS } from '@risk-profile/contracts';
import type { SqlClient } from '@risk-profile/platform';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** What the OpenAPI test lends: its recording `send`, its check, the database and the sessions. */
export interface WebhookRecorder {
  send(method: Method, path: string, request?: { cookie?: string; body?: unknown }): Promise<Response>;
  expectStatus(status: number, response: Promise<Response> | Promise<number>): Promise<void>;
  sql: SqlClient;
  /** The demo adviser's session and the admin's. */
  cookies: { admin: string; adviser: string };
}

/**
 * Every documented status of the webhook admin endpoints. The endpoint is registered at a public
 * address literal (no DNS, no insecure targets); its one delivery is written as the consumer
 * would, and before it is sent again the URL is moved to one every attempt refuses, so the walk
 * never reaches the network.
 */
export async function webhookRequests(t: WebhookRecorder): Promise<void> {
  const { send, expectStatus } = t;
  const { admin, adviser } = t.cookies;
  const body = { url: 'https://93.184.216.34/hooks', events: ['review.due'], description: 'OpenAPI walk' };
  const create = (request: { cookie?: string; body?: unknown }) =>
    send('POST', ENDPOINTS.createWebhook.path, request);
  const res = await create({ cookie: admin, body });
  await expectStatus(201, Promise.resolve(res));
  const { id } = createdWebhookSchema.parse(await res.json());
  await expectStatus(400, create({ cookie: admin, body: { ...body, url: 'https://127.0.0.1/hooks' } }));
  await expectStatus(401, create({ body }));
  await expectStatus(403, create({ cookie: adviser, body }));

  const list = ENDPOINTS.listWebhooks.path;
  await expectStatus(200, send('GET', list, { cookie: admin }));
  await expectStatus(401, send('GET', list));
  await expectStatus(403, send('GET', list, { cookie: adviser }));

  const unknown = randomUUID();
  for (const name of ['disableWebhook', 'enableWebhook', 'rotateWebhookSecret'] as const) {
    await expectStatus(200, send('POST', buildPath(ENDPOINTS[name], { id }), { cookie: admin }));
    await expectStatus(401, send('POST', buildPath(ENDPOINTS[name], { id })));
    await expectStatus(403, send('POST', buildPath(ENDPOINTS[name], { id }), { cookie: adviser }));
    await expectStatus(404, send('POST', buildPath(ENDPOINTS[name], { id: unknown }), { cookie: admin }));
  }

  const deliveries = buildPath(ENDPOINTS.listWebhookDeliveries, { id });
  await expectStatus(200, send('GET', deliveries, { cookie: admin }));
  await expectStatus(400, send('GET', `${deliveries}?cursor=bogus`, { cookie: admin }));
  await expectStatus(401, send('GET', deliveries));
  await expectStatus(403, send('GET', deliveries, { cookie: adviser }));
  await expectStatus(
    404,
    send('GET', buildPath(ENDPOINTS.listWebhookDeliveries, { id: unknown }), { cookie: admin }),
  );

  const deliveryId = `msg_${randomUUID()}`;
  await t.sql.query(
    `INSERT INTO webhook_deliveries (endpoint_id, id, event_type, ordering_key, body, status, attempts, next_attempt_at, created_at)
     VALUES ($1::uuid, $2, 'review.due', 'openapi', '{}', 'failed', 8, now(), now())`,
    [id, deliveryId],
  );
  await t.sql.query(`UPDATE webhook_endpoints SET url = 'http://127.0.0.1:9/' WHERE id = $1::uuid`, [id]);
  const resend = (deliveryPath: string, cookie?: string) =>
    send('POST', deliveryPath, cookie ? { cookie } : {});
  const path = buildPath(ENDPOINTS.resendWebhookDelivery, { id, deliveryId });
  await expectStatus(200, resend(path, admin));
  await expectStatus(401, resend(path));
  await expectStatus(403, resend(path, adviser));
  await expectStatus(
    404,
    resend(buildPath(ENDPOINTS.resendWebhookDelivery, { id, deliveryId: 'msg_none' }), admin),
  );
  await send('POST', buildPath(ENDPOINTS.disableWebhook, { id }), { cookie: admin });
  await expectStatus(409, resend(path, admin));

  const remove = buildPath(ENDPOINTS.deleteWebhook, { id });
  await expectStatus(401, send('DELETE', remove));
  await expectStatus(403, send('DELETE', remove, { cookie: adviser }));
  await expectStatus(200, send('DELETE', remove, { cookie: admin }));
  await expectStatus(404, send('DELETE', remove, { cookie: admin }));
}
