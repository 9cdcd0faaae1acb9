import { randomUUID } from 'node:crypto';
import { publishLifecycle, signedEvent } from '@risk-profile/adviser/household-testing';
import { buildPath, createdHouseholdSchema, ENDPOINTS } from '@risk-profile/contracts';
import { uniformResponses } from '@risk-profile/contracts/testing';
import type { EventBus, EventStore } from '@risk-profile/platform';
import { eventually } from '@risk-profile/platform/testing';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** What the OpenAPI test lends: its recording `send`, its checks, the bus, the store and the sessions. */
export interface HouseholdRecorder {
  send(method: Method, path: string, request?: { cookie?: string; body?: unknown }): Promise<Response>;
  expectStatus(status: number, response: Promise<Response> | Promise<number>): Promise<void>;
  untilLimited(tries: number, attempt: () => Promise<Response>): Promise<number>;
  bus: EventBus;
  store: EventStore;
  /** The demo adviser's session and the admin's. */
  cookies: { admin: string; adviser: string };
}

/** A household of two, one member by email and one in person: two of the adviser's hourly links. */
export const HOUSEHOLD_BODY = {
  name: 'The Apis',
  members: [
    { clientName: 'Ada Api', clientEmail: 'ada@example.com' },
    { clientName: 'Abe Api', clientPhone: '0412 999 111', inPerson: true },
  ],
};

/**
 * Every documented status of the households' adviser endpoints but the create's 429 (the caller
 * sends that once the hourly link limit is spent): a household created through the gateway, its
 * members' signatures published on the bus as the assessment service would, agreed twice (the
 * first agreement's link is then stale) and confirmed.
 */
export async function householdRequests(t: HouseholdRecorder): Promise<void> {
  const { send, expectStatus } = t;
  const { admin, adviser } = t.cookies;
  const create = (request: { cookie?: string; body?: unknown }) =>
    send('POST', ENDPOINTS.createHousehold.path, request);
  const res = await create({ cookie: adviser, body: HOUSEHOLD_BODY });
  await expectStatus(201, Promise.resolve(res));
  const created = createdHouseholdSchema.parse(await res.json());
  await expectStatus(400, create({ cookie: adviser, body: { name: 'Solo', members: [] } }));
  await expectStatus(401, create({ body: HOUSEHOLD_BODY }));
  await expectStatus(403, create({ cookie: admin, body: HOUSEHOLD_BODY }));

  const list = ENDPOINTS.listHouseholds.path;
  await expectStatus(200, send('GET', list, { cookie: adviser }));
  await expectStatus(400, send('GET', `${list}?cursor=bogus`, { cookie: adviser }));
  await expectStatus(401, send('GET', list));
  await expectStatus(403, send('GET', list, { cookie: admin }));

  const view = buildPath(ENDPOINTS.getHousehold, { id: created.id });
  await expectStatus(200, send('GET', view, { cookie: adviser }));
  await expectStatus(
    400,
    send('GET', buildPath(ENDPOINTS.getHousehold, { id: 'nope' }), { cookie: adviser }),
  );
  await expectStatus(401, send('GET', view));
  await expectStatus(403, send('GET', view, { cookie: admin }));
  await expectStatus(
    404,
    send('GET', buildPath(ENDPOINTS.getHousehold, { id: randomUUID() }), { cookie: adviser }),
  );

  const agreePath = buildPath(ENDPOINTS.agreeHouseholdProfile, { id: created.id });
  const agree = (request: { cookie?: string; body?: unknown }, path = agreePath) =>
    send('POST', path, request);
  const agreement = { profile: 'Balanced', reason: 'Joint money at the lower of the two.' };
  await expectStatus(409, agree({ cookie: adviser, body: agreement }));
  await expectStatus(400, agree({ cookie: adviser, body: { profile: 'Balanced' } }));
  await expectStatus(401, agree({ body: agreement }));
  await expectStatus(403, agree({ cookie: admin, body: agreement }));
  await expectStatus(
    404,
    agree(
      { cookie: adviser, body: agreement },
      buildPath(ENDPOINTS.agreeHouseholdProfile, { id: randomUUID() }),
    ),
  );

  const at = new Date();
  await publishLifecycle(
    t.bus,
    ...created.members.map((member, index) =>
      signedEvent({
        assessmentId: randomUUID(),
        linkId: member.linkId,
        name: HOUSEHOLD_BODY.members[index]!.clientName,
        responses: uniformResponses(3),
        at,
      }),
    ),
  );
  await eventually(async () => {
    const answer = await agree({ cookie: adviser, body: agreement });
    if (answer.status !== 200) throw new Error(`not both signed yet: ${answer.status}`);
  });
  await expectStatus(200, agree({ cookie: adviser, body: agreement }));
  const agreed = (await t.store.readStream(`household-${created.id}`)).filter(
    // Stored sealed (ADR 0028): the members' contacts are, their confirmation links are not.
    (event) => event.type === 'HouseholdProfileAgreedSealed',
  );
  const tokens = agreed.map(
    (event) =>
      new URL((event.data as { members: { confirmUrl: string }[] }).members[0]!.confirmUrl).searchParams.get(
        'token',
      )!,
  );
  const [stale, current] = [tokens[0]!, tokens[tokens.length - 1]!];

  const reading = (token: string) =>
    send('GET', `${ENDPOINTS.getHouseholdConfirmation.path}?token=${encodeURIComponent(token)}`);
  const confirm = (body: unknown) => send('POST', ENDPOINTS.confirmHouseholdProfile.path, { body });
  await expectStatus(200, reading(current));
  await expectStatus(400, reading('not-a-token'));
  await expectStatus(404, reading(stale));
  await expectStatus(200, confirm({ token: current, signatureName: 'Ada Api' }));
  await expectStatus(409, confirm({ token: current, signatureName: 'Ada Api' }));
  await expectStatus(400, confirm({ token: 'not-a-token', signatureName: 'Ada Api' }));
  await expectStatus(404, confirm({ token: stale, signatureName: 'Ada Api' }));
  // Reads and confirmations share one limit per address.
  await expectStatus(
    429,
    t.untilLimited(40, () => reading('not-a-token')),
  );
  await expectStatus(429, confirm({ token: current, signatureName: 'Ada Api' }));
}
