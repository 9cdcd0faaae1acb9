import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLinkTokenSigner } from '@risk-profile/adviser';
import { changedBody, consistentResponses, yesBody } from '@risk-profile/assessment/testing';
import {
  buildPath,
  ENDPOINTS,
  type EndpointDefinition,
  type EndpointName,
  findEndpoint,
  MAX_ANALYST_TOKENS,
  PLANNED_ENDPOINTS,
  parseResponse,
} from '@risk-profile/contracts';
import { silentLogger } from '@risk-profile/platform';
import { eventually } from '@risk-profile/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EmbeddedSystem, startEmbedded } from './embedded/start-embedded';
import { householdReportRequests } from './testing/openapi-household-report';
import { HOUSEHOLD_BODY, householdRequests } from './testing/openapi-households';
import { passkeyRequests } from './testing/openapi-passkeys';
import { secondFactorRequests } from './testing/openapi-second-factor';
import { webhookRequests } from './testing/openapi-webhooks';

const LINK_TOKEN_SECRET = 'openapi-int-spec-link-secret-0123456789';
const ADVISER = { email: 'adviser@example.com', password: 'adviser-demo-2026' };
const ADMIN = { email: 'admin@example.com', password: 'admin-demo-2026' };
const ANALYST = { email: 'analyst@example.com', password: 'analyst-demo-2026' };

type Operation = { operationId: string; responses: Record<string, unknown> };
type Document = {
  info: { title: string; version: string };
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: { sessionCookie: { name: string } } };
};

interface Request {
  cookie?: string;
  body?: unknown;
  /** Stops reading after the status line: the analytics stream never ends on its own. */
  headersOnly?: boolean;
}

/*
 * "A documented status is never sent" fails here: every (operation, status) the served document
 * lists is produced by a real request through the gateway of the embedded product, every answer
 * is checked against its contract (so an undocumented status or body fails too), and the set of
 * statuses seen must equal the set documented. Statuses every endpoint can give (413, 415, the
 * gateway's 429, 5xx) are the document's `default` answer and docs/api.md's, not listed per
 * operation, and are covered by gateway.int.spec.ts.
 */
describe('the OpenAPI document served by the gateway', () => {
  let system: EmbeddedSystem & { dataDir: string };
  let document: Document;
  const seen: string[] = [];

  beforeAll(async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'gateway-openapi-'));
    const started = await startEmbedded(
      {
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
        CONTACT_EMAIL: 'help@example.org',
        LINK_TOKEN_SECRET,
        // Room for the burst of password checks below before the per-IP sign-in limit, and a
        // signing limit low enough to reach.
        LOGIN_RATE_LIMIT_PER_MINUTE: '40',
        SIGN_RATE_LIMIT_PER_HOUR: '3',
      },
      { logger: silentLogger() },
    );
    system = { ...started, url: `http://127.0.0.1:${started.running.port}`, dataDir };
  });
  afterAll(async () => {
    await system?.stop();
    if (system) rmSync(system.dataDir, { recursive: true, force: true });
  });

  /** Sends a request, records `<operation> <status>` for the endpoint the gateway routes it to, and checks the answer. */
  async function send(
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    path: string,
    request: Request = {},
  ): Promise<Response> {
    const abort = new AbortController();
    const res = await fetch(`${system.url}${path}`, {
      method,
      signal: abort.signal,
      // A redirect is the answer itself (single sign-on's), not a step to follow.
      redirect: 'manual',
      headers: {
        ...(request.cookie ? { cookie: request.cookie } : {}),
        ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
    });
    const match = findEndpoint(method, new URL(path, system.url).pathname);
    if (!match) throw new Error(`${method} ${path} is no endpoint of ENDPOINTS`);
    seen.push(`${match.name} ${res.status}`);
    if (request.headersOnly) {
      abort.abort();
      return res;
    }
    // The report and the export are files; everything else answers JSON.
    const json = (res.headers.get('content-type') ?? '').includes('json');
    const body = json ? await res.clone().json() : await res.clone().text();
    // Throws for a status the contract does not declare, or a body that does not fit it.
    parseResponse(match.endpoint, res.status, body);
    return res;
  }

  const signIn = async (name: 'login' | 'adminLogin', account: typeof ADVISER) => {
    const res = await send('POST', ENDPOINTS[name].path, { body: account });
    expect(res.status).toBe(200);
    return (res.headers.get('set-cookie') ?? '').split(';')[0]!;
  };

  /** Repeats a request until it is refused with 429 (a per-IP or per-adviser limit), at most `tries` times. */
  async function untilLimited(tries: number, attempt: () => Promise<Response>): Promise<number> {
    for (let i = 0; i < tries; i++) {
      const res = await attempt();
      if (res.status === 429) return 429;
    }
    return 0;
  }

  it('is served at GET /api/openapi.json as JSON, not stored by caches, with the site’s security headers', async () => {
    const res = await fetch(`${system.url}/api/openapi.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json; charset=utf-8$/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    document = (await res.json()) as Document;
    expect(document.info.title).toBe('Risk Profile API');
  });

  it('names the cookie a sign-in sets as the session scheme', async () => {
    const cookie = await signIn('login', ADVISER);
    expect(cookie.split('=')[0]).toBe(document.components.securitySchemes.sessionCookie.name);
  });

  // One walk through every endpoint and status (some 300 requests, a dozen bcrypt sign-ins spaced
  // MIN_MS_BETWEEN_HASHES apart): on a busy 2-core machine more than the tier's 60 s.
  it('lists statuses that the product sends, and only those', { timeout: 240_000 }, async () => {
    const adviser = await signIn('login', ADVISER);
    const admin = await signIn('adminLogin', ADMIN);
    const expectStatus = async (status: number, response: Promise<Response> | Promise<number>) => {
      const got = await response;
      const body = typeof got === 'number' ? '' : await got.clone().text();
      expect(typeof got === 'number' ? got : got.status, body).toBe(status);
    };
    const badEmail = { email: 'not-an-email', password: 'x' };
    const unknownAccount = { email: 'nobody@example.com', password: 'wrong-password' };

    await expectStatus(200, send('GET', ENDPOINTS.getCurrentUser.path, { cookie: adviser }));
    await expectStatus(401, send('GET', ENDPOINTS.getCurrentUser.path));

    await expectStatus(200, send('POST', ENDPOINTS.login.path, { body: ADVISER }));
    await expectStatus(400, send('POST', ENDPOINTS.login.path, { body: badEmail }));
    await expectStatus(401, send('POST', ENDPOINTS.login.path, { body: unknownAccount }));
    await expectStatus(200, send('POST', ENDPOINTS.logout.path));

    await expectStatus(400, send('POST', ENDPOINTS.adminLogin.path, { body: badEmail }));
    // A sign-in that is right for an adviser is still refused on the administrators' page.
    await expectStatus(401, send('POST', ENDPOINTS.adminLogin.path, { body: ADVISER }));
    await expectStatus(200, send('GET', ENDPOINTS.adminMe.path, { cookie: admin }));
    await expectStatus(401, send('GET', ENDPOINTS.adminMe.path));
    await expectStatus(403, send('GET', ENDPOINTS.adminMe.path, { cookie: adviser }));
    await expectStatus(200, send('POST', ENDPOINTS.adminLogout.path));

    // Without OIDC_ISSUER single sign-on leads back to the sign-in page, as does any callback.
    await expectStatus(200, send('GET', ENDPOINTS.signInOptions.path));
    await expectStatus(302, send('GET', ENDPOINTS.oidcLogin.path));
    await expectStatus(302, send('GET', `${ENDPOINTS.oidcCallback.path}?code=x&state=y`));

    await expectStatus(200, send('GET', buildPath(ENDPOINTS.getAdviser, { slug: 'demo-adviser' })));
    await expectStatus(404, send('GET', buildPath(ENDPOINTS.getAdviser, { slug: 'no-such-adviser-xyz' })));
    await expectStatus(200, send('GET', ENDPOINTS.displaySettings.path));

    const link = { clientName: 'Jo Client', clientPhone: '0412 345 678', method: 'sms' };
    const sendLink = (request: Request) => send('POST', ENDPOINTS.sendQuestionnaireLink.path, request);
    await expectStatus(200, sendLink({ cookie: adviser, body: link }));
    await expectStatus(400, sendLink({ cookie: adviser, body: { ...link, method: 'email' } }));
    await expectStatus(401, sendLink({ body: link }));
    await expectStatus(403, sendLink({ cookie: admin, body: link }));
    await webhookRequests({ send, expectStatus, sql: system.platform.sql, cookies: { admin, adviser } });
    await householdRequests({
      send,
      expectStatus,
      untilLimited,
      bus: system.platform.bus,
      store: system.platform.eventStore,
      cookies: { admin, adviser },
    });
    await expectStatus(
      429,
      untilLimited(40, () => sendLink({ cookie: adviser, body: link })),
    );
    // A household's links count towards the same hourly limit.
    await expectStatus(
      429,
      send('POST', ENDPOINTS.createHousehold.path, { cookie: adviser, body: HOUSEHOLD_BODY }),
    );

    // The SMS link sent above has a short code.
    const { rows: shortLinks } = await system.platform.sql.query<{ code: string }>(
      'SELECT code FROM questionnaire_short_links LIMIT 1',
    );
    const resolve = (body: unknown) => send('POST', ENDPOINTS.resolveShortLink.path, { body });
    await expectStatus(200, resolve({ code: shortLinks[0]!.code }));
    await expectStatus(400, resolve({ code: 'Zz9Zz9Zz9Z' }));
    await expectStatus(
      429,
      untilLimited(30, () => resolve({ code: 'Zz9Zz9Zz9Z' })),
    );

    const token = createLinkTokenSigner(LINK_TOKEN_SECRET, () => new Date()).sign({
      name: 'Jo Client',
      email: null,
      phone: '0412 345 678',
      adviserSlug: 'demo-adviser',
    });
    const verify = (body: unknown) => send('POST', ENDPOINTS.verifyQuestionnaireLink.path, { body });
    await expectStatus(200, verify({ token }));
    await expectStatus(400, verify({ token: `${token}x` }));

    const draft = (body: unknown) => send('POST', ENDPOINTS.createAssessment.path, { body });
    const created = await draft(yesBody());
    expect(created.status).toBe(201);
    await expectStatus(400, draft({}));
    await expectStatus(422, draft({ ...yesBody(), riskScore: yesBody().riskScore + 1 }));
    await expectStatus(422, draft(yesBody({ responses: consistentResponses({ q13: 1 }) })));
    // A page that showed a questionnaire version other than the current one (1).
    await expectStatus(409, draft({ ...yesBody(), questionnaireVersion: 2 }));
    await expectStatus(200, send('GET', ENDPOINTS.getQuestionnaire.path));

    const id = ((await created.json()) as { id: string }).id;
    const sign = (assessment: string, body: unknown) =>
      send('POST', buildPath(ENDPOINTS.signAssessment, { id: assessment }), { body });
    await expectStatus(400, sign(id, { confirmed: false }));
    await expectStatus(200, sign(id, { confirmed: true }));
    await expectStatus(409, sign(id, { confirmed: true }));
    await expectStatus(404, sign('0b6b8f4e-8a53-4d0e-9a59-0d1b0a7f2c11', { confirmed: true }));
    // A draft stored before capacity was recorded (and before encryption), whose warnings nobody
    // acknowledged: a new draft's stored event without its capacity record, its personal fields
    // in clear as the request gave them, under an id of its own.
    const body = changedBody();
    const beyond = (await (await draft(body)).json()) as { id: string };
    const [stored] = await system.platform.eventStore.readStream(`assessment-${beyond.id}`);
    const { capacity: _none, personal: _sealed, ...older } = stored!.data as Record<string, unknown>;
    const olderId = randomUUID();
    await system.platform.eventStore.appendToStream(
      `assessment-${olderId}`,
      [
        {
          type: 'AssessmentDrafted',
          data: {
            ...older,
            clientName: body.clientName,
            clientEmail: body.clientEmail ?? null,
            clientPhone: body.clientPhone ?? null,
            profileChangeReason: body.profileChangeReason,
            investmentExclusions: body.investmentExclusions ?? '',
            investmentPreferences: body.investmentPreferences ?? '',
            assessmentId: olderId,
          },
        },
      ],
      { expectedVersion: 'no_stream' },
    );
    await expectStatus(422, sign(olderId, { confirmed: true }));
    // Past SIGN_RATE_LIMIT_PER_HOUR signings from one address, a new draft's signing is refused.
    const signNewDraft = async () => {
      const next = (await (await draft(yesBody())).json()) as { id: string };
      return sign(next.id, { confirmed: true });
    };
    await expectStatus(429, untilLimited(5, signNewDraft));

    // The records (read model fed from the bus): the signed assessment above, and a draft.
    const pending = ((await (await draft(yesBody())).json()) as { id: string }).id;
    const missing = '0b6b8f4e-8a53-4d0e-9a59-0d1b0a7f2c11';
    const recordPath = (name: 'getAdviserRecord' | 'getAdminRecord', assessment: string) =>
      buildPath(ENDPOINTS[name], { id: assessment });
    await eventually(async () => {
      for (const assessment of [id, pending]) {
        const res = await fetch(`${system.url}${recordPath('getAdminRecord', assessment)}`, {
          headers: { cookie: admin },
        });
        if (res.status !== 200) throw new Error('not projected yet');
      }
    });
    const byId: Array<
      ['getAdviserRecord' | 'adviserReportPdf' | 'getAdminRecord' | 'adminReportPdf', string]
    > = [
      ['getAdviserRecord', adviser],
      ['adviserReportPdf', adviser],
      ['getAdminRecord', admin],
      ['adminReportPdf', admin],
    ];
    for (const [name, cookie] of byId) {
      const endpoint = ENDPOINTS[name];
      const other = cookie === admin ? adviser : admin;
      await expectStatus(200, send('GET', buildPath(endpoint, { id }), { cookie }));
      await expectStatus(401, send('GET', buildPath(endpoint, { id })));
      await expectStatus(403, send('GET', buildPath(endpoint, { id }), { cookie: other }));
      await expectStatus(404, send('GET', buildPath(endpoint, { id: missing }), { cookie }));
    }
    await householdReportRequests({
      send,
      expectStatus,
      bus: system.platform.bus,
      cookies: { admin, adviser },
    });
    const lists: Array<[EndpointName, string, string]> = [
      ['listAdviserRecords', adviser, 'status=bogus'],
      ['listSentLinks', adviser, 'cursor=bogus'],
      ['listAdminRecords', admin, 'reviewDue=maybe'],
      ['exportAdminRecords', admin, 'status=bogus'],
      ['accessLog', admin, 'assessment=bogus'],
      ['erasureAudit', admin, 'cursor=bogus'],
      ['analystQueryLog', admin, 'limit=0'],
    ];
    for (const [name, cookie, bad] of lists) {
      const { path } = ENDPOINTS[name] as EndpointDefinition;
      await expectStatus(200, send('GET', path, { cookie }));
      await expectStatus(400, send('GET', `${path}?${bad}`, { cookie }));
      await expectStatus(401, send('GET', path));
      await expectStatus(403, send('GET', path, { cookie: cookie === admin ? adviser : admin }));
    }
    // A client's data requests: the signed assessment's client, by email.
    const subject = (email: string) => `?email=${encodeURIComponent(email)}`;
    const signedClient = yesBody().clientEmail!;
    for (const name of ['findSubjectAssessments', 'exportSubject'] as const) {
      const { path } = ENDPOINTS[name];
      await expectStatus(200, send('GET', `${path}${subject(signedClient)}`, { cookie: admin }));
      await expectStatus(400, send('GET', path, { cookie: admin }));
      await expectStatus(401, send('GET', `${path}${subject(signedClient)}`));
      await expectStatus(403, send('GET', `${path}${subject(signedClient)}`, { cookie: adviser }));
    }
    await expectStatus(
      404,
      send('GET', `${ENDPOINTS.exportSubject.path}${subject('nobody-here@example.com')}`, { cookie: admin }),
    );
    // Erasure on request, of a client of its own so the assessments above stay.
    expect((await draft(yesBody({ clientEmail: 'erase-me@example.com' }))).status).toBe(201);
    const erase = (request: Request) => send('POST', ENDPOINTS.eraseSubject.path, request);
    await expectStatus(200, erase({ cookie: admin, body: { email: 'erase-me@example.com' } }));
    await expectStatus(404, erase({ cookie: admin, body: { email: 'nobody-here@example.com' } }));
    await expectStatus(400, erase({ cookie: admin, body: {} }));
    await expectStatus(401, erase({ body: { email: 'erase-me@example.com' } }));
    await expectStatus(403, erase({ cookie: adviser, body: { email: 'erase-me@example.com' } }));
    const resend = (assessment: string, request: Request) =>
      send('POST', buildPath(ENDPOINTS.adviserResendReport, { id: assessment }), request);
    await expectStatus(202, resend(id, { cookie: adviser, body: { to: 'adviser' } }));
    await expectStatus(400, resend(id, { cookie: adviser, body: { to: 'everyone' } }));
    await expectStatus(401, resend(id, { body: { to: 'adviser' } }));
    await expectStatus(403, resend(id, { cookie: admin, body: { to: 'adviser' } }));
    await expectStatus(404, resend(missing, { cookie: adviser, body: { to: 'adviser' } }));
    await expectStatus(409, resend(pending, { cookie: adviser, body: { to: 'adviser' } }));
    await expectStatus(
      429,
      untilLimited(10, () => resend(id, { cookie: adviser, body: { to: 'adviser' } })),
    );

    const event = {
      sessionId: 'openapi-session',
      questionId: 'q1',
      questionViewedAt: new Date().toISOString(),
      questionAnsweredAt: null,
      timeSpent: 0,
      answerChanges: 0,
      finalAnswer: null,
      deviceType: 'desktop',
    };
    await expectStatus(202, send('POST', ENDPOINTS.ingestQuestionEvents.path, { body: event }));
    await expectStatus(400, send('POST', ENDPOINTS.ingestQuestionEvents.path, { body: { events: [] } }));

    const adminReads: EndpointName[] = [
      'analyticsSummary',
      'questionDifficulty',
      'dropOff',
      'deviceStats',
      'recentAssessments',
    ];
    for (const name of adminReads) {
      const { path } = ENDPOINTS[name] as EndpointDefinition;
      await expectStatus(200, send('GET', `${path}?period=7d`, { cookie: admin }));
      await expectStatus(400, send('GET', `${path}?period=year`, { cookie: admin }));
      await expectStatus(401, send('GET', path));
      await expectStatus(403, send('GET', path, { cookie: adviser }));
    }

    const seenAdvisers = ENDPOINTS.analyticsAdvisers.path;
    await expectStatus(200, send('GET', seenAdvisers, { cookie: admin }));
    await expectStatus(401, send('GET', seenAdvisers));
    await expectStatus(403, send('GET', seenAdvisers, { cookie: adviser }));

    const stream = ENDPOINTS.analyticsStream.path;
    const open = await send('GET', stream, { cookie: admin, headersOnly: true });
    expect(open.status).toBe(200);
    expect(open.headers.get('content-type')).toMatch(/^text\/event-stream/);
    await expectStatus(401, send('GET', stream));
    await expectStatus(403, send('GET', stream, { cookie: adviser }));

    const advisers = ENDPOINTS.listAdminAdvisers.path;
    const accounts = ENDPOINTS.listAdminAccounts.path;
    for (const path of [advisers, accounts]) {
      await expectStatus(200, send('GET', path, { cookie: admin }));
      await expectStatus(401, send('GET', path));
      await expectStatus(403, send('GET', path, { cookie: adviser }));
    }
    const newAdviser = {
      slug: 'openapi-adviser',
      adviserName: 'Olive Api',
      companyName: 'Api Co',
      email: 'olive@example.com',
    };
    const create = (request: Request) => send('POST', advisers, request);
    const createdAdviser = await create({ cookie: admin, body: newAdviser });
    expect(createdAdviser.status).toBe(201);
    const accountId = ((await createdAdviser.json()) as { account: { id: string } }).account.id;
    await expectStatus(400, create({ cookie: admin, body: { ...newAdviser, email: 'nope' } }));
    await expectStatus(401, create({ body: newAdviser }));
    await expectStatus(403, create({ cookie: adviser, body: newAdviser }));
    await expectStatus(409, create({ cookie: admin, body: newAdviser }));
    const edit = (slug: string, request: Request) =>
      send('PATCH', buildPath(ENDPOINTS.updateAdviser, { slug }), request);
    await expectStatus(200, edit('openapi-adviser', { cookie: admin, body: { licenceNumber: 'AFSL 1' } }));
    await expectStatus(400, edit('openapi-adviser', { cookie: admin, body: { slug: 'Not A Slug' } }));
    await expectStatus(401, edit('openapi-adviser', { body: {} }));
    await expectStatus(403, edit('openapi-adviser', { cookie: adviser, body: {} }));
    await expectStatus(404, edit('no-such-adviser-xyz', { cookie: admin, body: { licenceNumber: null } }));
    await expectStatus(409, edit('openapi-adviser', { cookie: admin, body: { slug: 'demo-adviser' } }));
    const adminId = (
      (await (await send('GET', ENDPOINTS.adminMe.path, { cookie: admin })).json()) as { id: string }
    ).id;
    const accountAction = (
      name: 'disableAccount' | 'enableAccount' | 'resetAccountPassword',
      id: string,
      cookie?: string,
    ) => send('POST', buildPath(ENDPOINTS[name], { id }), cookie ? { cookie } : {});
    for (const name of ['resetAccountPassword', 'disableAccount', 'enableAccount'] as const) {
      await expectStatus(200, accountAction(name, accountId, admin));
      await expectStatus(401, accountAction(name, accountId));
      await expectStatus(403, accountAction(name, accountId, adviser));
      await expectStatus(404, accountAction(name, randomUUID(), admin));
    }
    await expectStatus(422, accountAction('disableAccount', adminId, admin));
    await expectStatus(422, accountAction('resetAccountPassword', adminId, admin));

    // The newest link's token, as the email carries it: the event the adviser service recorded.
    const links = (await system.platform.eventStore.readAll({ limit: 10_000 })).filter(
      (stored) => stored.type === 'AccountInvitationRequested',
    );
    const newest = new URL((links[links.length - 1]!.data as { url: string }).url).searchParams.get('token')!;
    const setPassword = (body: unknown) => send('POST', ENDPOINTS.setPassword.path, { body });
    await expectStatus(400, setPassword({ token: newest, password: 'short' }));
    await expectStatus(200, setPassword({ token: newest, password: 'a long enough passphrase' }));
    await expectStatus(410, setPassword({ token: newest, password: 'a long enough passphrase' }));
    await expectStatus(
      429,
      untilLimited(60, () => setPassword({ token: 'not-a-token', password: 'a long enough passphrase' })),
    );

    // Two-step sign-in and the sessions a person can see, on the analyst's account.
    await secondFactorRequests({ send, expectStatus, signIn, cookies: { admin, adviser }, adminId });

    // Passkeys, on the analyst's account, at the product's own origin (localhost, as WebAuthn needs).
    await passkeyRequests({
      send,
      expectStatus,
      signIn,
      origin: system.url.replace('127.0.0.1', 'localhost'),
      sql: system.platform.sql,
    });

    // Analysts: accounts an administrator creates, analyst access an administrator is given,
    // and the API tokens of /clickhouse.
    const createAnalyst = (request: Request) => send('POST', ENDPOINTS.createAnalyst.path, request);
    const newAnalyst = { name: 'Ana Lyst', email: 'ana@example.com' };
    await expectStatus(201, createAnalyst({ cookie: admin, body: newAnalyst }));
    await expectStatus(400, createAnalyst({ cookie: admin, body: { ...newAnalyst, email: 'nope' } }));
    await expectStatus(401, createAnalyst({ body: newAnalyst }));
    await expectStatus(403, createAnalyst({ cookie: adviser, body: newAnalyst }));
    await expectStatus(409, createAnalyst({ cookie: admin, body: newAnalyst }));
    const access = (id: string, request: Request) =>
      send('POST', buildPath(ENDPOINTS.setAnalystAccess, { id }), request);
    await expectStatus(400, access(adminId, { cookie: admin, body: { analystAccess: 'yes' } }));
    await expectStatus(401, access(adminId, { body: { analystAccess: true } }));
    await expectStatus(403, access(adminId, { cookie: adviser, body: { analystAccess: true } }));
    await expectStatus(404, access(randomUUID(), { cookie: admin, body: { analystAccess: true } }));
    await expectStatus(409, access(accountId, { cookie: admin, body: { analystAccess: true } }));
    // Last with this session: the change ends the administrator's sessions.
    await expectStatus(200, access(adminId, { cookie: admin, body: { analystAccess: true } }));
    const analyst = await signIn('login', ANALYST);
    const tokens = ENDPOINTS.listAnalystTokens.path;
    await expectStatus(401, send('GET', tokens));
    await expectStatus(403, send('GET', tokens, { cookie: adviser }));
    const createToken = (request: Request) => send('POST', tokens, request);
    const firstToken = await createToken({ cookie: analyst, body: { name: 'openapi' } });
    expect(firstToken.status).toBe(201);
    const tokenId = ((await firstToken.json()) as { token: { id: string } }).token.id;
    await expectStatus(400, createToken({ cookie: analyst, body: { name: '' } }));
    await expectStatus(401, createToken({ body: { name: 'x' } }));
    await expectStatus(403, createToken({ cookie: adviser, body: { name: 'x' } }));
    // The administrator given analyst access, signed in again, has tokens of their own.
    const adminAnalyst = await signIn('adminLogin', ADMIN);
    await expectStatus(200, send('GET', tokens, { cookie: adminAnalyst }));
    for (let i = 0; i < MAX_ANALYST_TOKENS - 1; i++) {
      expect((await createToken({ cookie: analyst, body: { name: `t${i}` } })).status).toBe(201);
    }
    await expectStatus(409, createToken({ cookie: analyst, body: { name: 'one too many' } }));
    const revoke = (id: string, cookie?: string) =>
      send('POST', buildPath(ENDPOINTS.revokeAnalystToken, { id }), cookie ? { cookie } : {});
    await expectStatus(200, revoke(tokenId, analyst));
    await expectStatus(401, revoke(tokenId));
    await expectStatus(403, revoke(tokenId, adviser));
    await expectStatus(404, revoke(tokenId, analyst));

    // Password checks sent at once beyond the few that may wait are refused at once (503), on
    // both sign-in endpoints; every account is unknown, so none is locked.
    const burst = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        send('POST', ENDPOINTS[i % 2 ? 'adminLogin' : 'login'].path, {
          body: { email: `burst-${i}@example.com`, password: 'wrong-password' },
        }),
      ),
    );
    for (const parity of [0, 1]) {
      expect(burst.filter((_, i) => i % 2 === parity).map((res) => res.status)).toContain(503);
    }

    // Last, as the per-IP sign-in limit then refuses every sign-in from this address for a minute
    // (a new unknown account each time, so no account's lock answers first).
    await expectStatus(
      429,
      untilLimited(60, () =>
        send('POST', ENDPOINTS.login.path, {
          body: { email: `per-ip-${randomUUID()}@example.com`, password: 'wrong-password' },
        }),
      ),
    );
    await expectStatus(429, send('POST', ENDPOINTS.adminLogin.path, { body: ADMIN }));
    // The passkey checks share that limit.
    for (const name of ['passkeySignIn', 'verifyMfaPasskey'] as const) {
      await expectStatus(429, send('POST', ENDPOINTS[name].path, { body: { response: {} } }));
    }

    const documented = Object.values(document.paths).flatMap((item) =>
      Object.values(item).flatMap((operation) =>
        Object.keys(operation.responses)
          // A planned endpoint is answered 404 by the gateway until its service serves it.
          .filter(
            (status) => status !== 'default' && !PLANNED_ENDPOINTS.has(operation.operationId as EndpointName),
          )
          .map((status) => `${operation.operationId} ${status}`),
      ),
    );
    expect(new Set(seen)).toEqual(new Set(documented));
  });
});
