import { randomUUID } from 'node:crypto';
import { buildPath, ENDPOINTS, integrationEventKey, topicOf } from '@risk-profile/contracts';
import { householdConfirmed, householdMember } from '@risk-profile/notification/testing';
import type { EventBus } from '@risk-profile/platform';
import { eventually } from '@risk-profile/platform/testing';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** What the OpenAPI test lends: its recording `send`, its status check, the bus and the sessions. */
export interface HouseholdReportRecorder {
  send(method: Method, path: string, request?: { cookie?: string }): Promise<Response>;
  expectStatus(status: number, response: Promise<Response>): Promise<void>;
  bus: EventBus;
  /** The demo adviser's session (its page is demo-adviser, as the fixture's adviser), and the admin's. */
  cookies: { admin: string; adviser: string };
}

/**
 * Every documented status of the household report: a HouseholdConfirmed of the demo adviser's
 * stands in for the households' flow (notification stores it from the bus), 404 before it is
 * stored and for an adviser whose household it is not (here: none), 400 for a path without an id.
 */
export async function householdReportRequests(t: HouseholdReportRecorder): Promise<void> {
  const { send, expectStatus } = t;
  const { admin, adviser } = t.cookies;
  const householdId = randomUUID();
  const path = buildPath(ENDPOINTS.householdReportPdf, { id: householdId });
  await expectStatus(404, send('GET', path, { cookie: adviser }));
  const event = householdConfirmed(householdId, [
    householdMember('Opal Api', 'opal@example.com'),
    householdMember('Otto Api', null, '0412 999 000'),
  ]);
  await t.bus.publish(topicOf(event), [{ id: event.id, key: integrationEventKey(event), value: event }]);
  await eventually(async () => {
    const res = await send('GET', path, { cookie: adviser });
    if (res.status !== 200) throw new Error('not stored yet');
  });
  await expectStatus(
    400,
    send('GET', buildPath(ENDPOINTS.householdReportPdf, { id: 'nope' }), { cookie: adviser }),
  );
  await expectStatus(401, send('GET', path));
  await expectStatus(403, send('GET', path, { cookie: admin }));
}
