import { totpCode } from '@risk-profile/adviser';
import { buildPath, ENDPOINTS } from '@risk-profile/contracts';

const ANALYST = { email: 'analyst@example.com', password: 'analyst-demo-2026' };

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
interface Call {
  cookie?: string;
  body?: unknown;
}

/** What the OpenAPI test lends: its recording `send`, its status check, its sign-in and sessions. */
export interface StatusRecorder {
  send(method: Method, path: string, request?: Call): Promise<Response>;
  expectStatus(status: number, response: Promise<Response>): Promise<void>;
  signIn(name: 'login', account: typeof ANALYST): Promise<string>;
  cookies: { admin: string; adviser: string };
  adminId: string;
}

const cookieOf = (res: Response, name: string): string =>
  res.headers
    .getSetCookie()
    .map((header) => header.split(';')[0]!)
    .find((pair) => pair.startsWith(`${name}=`)) ?? '';

/** The code of the step after now: inside the window, later than one taken now. */
const nextStep = (secret: string) => totpCode(secret, new Date(Date.now() + 30_000));

/**
 * Every documented status of the second factor's and the sessions' endpoints, produced through
 * the gateway on the analyst's account; an administrator resets its factor at the end, so it
 * signs in with its password again afterwards.
 */
export async function secondFactorRequests(t: StatusRecorder): Promise<void> {
  const { send, expectStatus } = t;
  const { admin, adviser } = t.cookies;
  const holder = await t.signIn('login', ANALYST);
  const me = await send('GET', ENDPOINTS.getCurrentUser.path, { cookie: holder });
  const holderId = ((await me.json()) as { id: string }).id;
  const call = (
    name: 'getMfaStatus' | 'setupTotp' | 'confirmTotp' | 'disableTotp' | 'verifyMfa',
    request: Call = {},
  ) => send(ENDPOINTS[name].method, ENDPOINTS[name].path, request);
  const json = async <T>(response: Promise<Response>, status = 200): Promise<[Response, T]> => {
    const res = await response;
    await expectStatus(status, Promise.resolve(res));
    return [res, (await res.json()) as T];
  };

  await expectStatus(200, call('getMfaStatus', { cookie: holder }));
  await expectStatus(401, call('getMfaStatus'));
  await expectStatus(409, call('confirmTotp', { cookie: holder, body: { code: '123456' } }));
  await expectStatus(409, call('disableTotp', { cookie: holder, body: { code: '123456' } }));
  await expectStatus(401, call('setupTotp'));
  const setUp = async () => {
    const [, { secret }] = await json<{ secret: string }>(call('setupTotp', { cookie: holder }));
    await expectStatus(
      200,
      call('confirmTotp', { cookie: holder, body: { code: totpCode(secret, new Date()) } }),
    );
    return secret;
  };
  const first = await setUp();
  await expectStatus(409, call('setupTotp', { cookie: holder }));
  await expectStatus(400, call('confirmTotp', { cookie: holder, body: { code: 'abc' } }));
  await expectStatus(401, call('confirmTotp', { body: { code: '123456' } }));
  await expectStatus(400, call('disableTotp', { cookie: holder, body: { code: '000000' } }));
  await expectStatus(401, call('disableTotp', { body: { code: '000000' } }));
  await expectStatus(200, call('disableTotp', { cookie: holder, body: { code: nextStep(first) } }));

  const secret = await setUp();
  const pending = cookieOf(await send('POST', ENDPOINTS.login.path, { body: ANALYST }), 'rp_mfa');
  await expectStatus(400, call('verifyMfa', { cookie: pending, body: { code: 'abc' } }));
  await expectStatus(401, call('verifyMfa', { cookie: pending, body: { code: '000000' } }));
  const [verified] = await json(call('verifyMfa', { cookie: pending, body: { code: nextStep(secret) } }));
  const second = cookieOf(verified, 'rp_session');

  const sessions = ENDPOINTS.listSessions.path;
  await expectStatus(401, send('GET', sessions));
  const [, listed] = await json<{ sessions: { id: string; current: boolean }[] }>(
    send('GET', sessions, { cookie: holder }),
  );
  const secondId = listed.sessions.find((session) => !session.current)!.id;
  const end = (id: string, cookie?: string) =>
    send('DELETE', buildPath(ENDPOINTS.endSession, { id }), cookie ? { cookie } : {});
  await expectStatus(401, end(secondId));
  await expectStatus(404, end(crypto.randomUUID(), holder));
  await expectStatus(200, end(secondId, holder));
  await expectStatus(401, send('GET', ENDPOINTS.getCurrentUser.path, { cookie: second }));

  const reset = (id: string, cookie?: string) =>
    send('POST', buildPath(ENDPOINTS.resetSecondFactor, { id }), cookie ? { cookie } : {});
  await expectStatus(401, reset(holderId));
  await expectStatus(403, reset(holderId, adviser));
  await expectStatus(404, reset(crypto.randomUUID(), admin));
  await expectStatus(422, reset(t.adminId, admin));
  await expectStatus(200, reset(holderId, admin));
  await expectStatus(409, reset(holderId, admin));
}
