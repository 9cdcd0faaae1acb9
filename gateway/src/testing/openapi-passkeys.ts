import { softAuthenticator } from '@risk-profile/adviser/passkey-testing';
import {
  buildPath,
  passkeyRegistrationOptionsSchema as creationOptions,
  ENDPOINTS,
  passkeyAuthenticationOptionsSchema as requestOptions,
} from '@risk-profile/contracts';
import type { SqlClient } from '@risk-profile/platform';
import type { StatusRecorder } from './openapi-second-factor';

const ANALYST = { email: 'analyst@example.com', password: 'analyst-demo-2026' };

type PasskeyEndpoint =
  | 'listPasskeys'
  | 'passkeyRegistrationOptions'
  | 'registerPasskey'
  | 'removePasskey'
  | 'passkeySignInOptions'
  | 'passkeySignIn'
  | 'mfaPasskeyOptions'
  | 'verifyMfaPasskey';

const cookieOf = (res: Response, name: string): string =>
  res.headers
    .getSetCookie()
    .map((header) => header.split(';')[0]!)
    .find((pair) => pair.startsWith(`${name}=`)) ?? '';
const both = (...cookies: string[]) => cookies.filter(Boolean).join('; ');

/**
 * Every documented status of the passkey endpoints but their 429s (the per-address limit, which
 * the caller exhausts last), through the gateway on the analyst's account, with a software
 * authenticator at the product's own origin. The analyst ends with no passkey and its password.
 */
export async function passkeyRequests(
  t: Pick<StatusRecorder, 'send' | 'expectStatus' | 'signIn'> & { origin: string; sql: SqlClient },
): Promise<void> {
  const { send, expectStatus } = t;
  const device = softAuthenticator(t.origin);
  const call = (name: PasskeyEndpoint, request: { cookie?: string; body?: unknown; path?: string } = {}) =>
    send(ENDPOINTS[name].method, request.path ?? ENDPOINTS[name].path, request);
  const holder = await t.signIn('login', ANALYST);

  await expectStatus(401, call('listPasskeys'));
  await expectStatus(200, call('listPasskeys', { cookie: holder }));
  await expectStatus(401, call('passkeyRegistrationOptions'));
  const registration = async () => {
    const res = await call('passkeyRegistrationOptions', { cookie: holder });
    await expectStatus(200, Promise.resolve(res));
    return { options: creationOptions.parse(await res.json()), challenge: cookieOf(res, 'rp_passkey') };
  };
  const first = await registration();
  const register = (challenge: string, body: unknown) =>
    call('registerPasskey', { cookie: both(holder, challenge), body });
  await expectStatus(401, call('registerPasskey', { body: { name: 'x', response: {} } }));
  await expectStatus(400, register(first.challenge, { name: '', response: {} }));
  const again = await registration();
  const added = await register(again.challenge, { name: 'Laptop', response: device.register(again.options) });
  await expectStatus(200, Promise.resolve(added));
  const { passkey } = (await added.json()) as { passkey: { id: string } };
  const twice = await registration();
  const credentialId = device.credentials[0]!.id.toString('base64url');
  await expectStatus(
    409,
    register(twice.challenge, {
      name: 'Again',
      response: device.register(twice.options, { reuse: credentialId }),
    }),
  );

  // Twenty passkeys are the most an account keeps: rows enough for the refusal, then removed.
  const { rows } = await t.sql.query<{ id: string }>(
    'SELECT user_id AS id FROM account_passkeys WHERE id = $1',
    [passkey.id],
  );
  const userId = rows[0]!.id;
  for (let i = 0; i < 19; i++) {
    await t.sql.query(
      `INSERT INTO account_passkeys (id, user_id, credential_id, public_key, counter, transports, device_type,
         backed_up, name, created_at)
       VALUES (gen_random_uuid(), $1, $2, 'x', 0, '[]', 'singleDevice', false, 'filler', now())`,
      [userId, `filler-${i}`],
    );
  }
  await expectStatus(409, call('passkeyRegistrationOptions', { cookie: holder }));
  await t.sql.query("DELETE FROM account_passkeys WHERE user_id = $1 AND name = 'filler'", [userId]);

  const signInOptions = async () => {
    const res = await call('passkeySignInOptions', { body: { page: 'user' } });
    await expectStatus(200, Promise.resolve(res));
    return { options: requestOptions.parse(await res.json()), challenge: cookieOf(res, 'rp_passkey') };
  };
  await expectStatus(400, call('passkeySignInOptions', { body: { page: 'nowhere' } }));
  const passwordless = await signInOptions();
  await expectStatus(401, call('passkeySignIn', { body: { response: device.assert(passwordless.options) } }));
  await expectStatus(400, call('passkeySignIn', { body: { response: { id: '!' } } }));
  const next = await signInOptions();
  await expectStatus(
    200,
    call('passkeySignIn', { cookie: next.challenge, body: { response: device.assert(next.options) } }),
  );

  // The second step after the analyst's password.
  const pending = cookieOf(await send('POST', ENDPOINTS.login.path, { body: ANALYST }), 'rp_mfa');
  await expectStatus(401, call('mfaPasskeyOptions'));
  const step = await call('mfaPasskeyOptions', { cookie: pending });
  await expectStatus(200, Promise.resolve(step));
  const stepOptions = requestOptions.parse(await step.json());
  await expectStatus(
    401,
    call('verifyMfaPasskey', { cookie: pending, body: { response: device.assert(stepOptions) } }),
  );
  await expectStatus(400, call('verifyMfaPasskey', { cookie: pending, body: { response: {} } }));
  const retry = await call('mfaPasskeyOptions', { cookie: pending });
  const retryOptions = requestOptions.parse(await retry.json());
  await expectStatus(
    200,
    call('verifyMfaPasskey', {
      cookie: both(pending, cookieOf(retry, 'rp_passkey')),
      body: { response: device.assert(retryOptions) },
    }),
  );

  // Removal: not another's id, not the last way in of an account without a password.
  const remove = (id: string, cookie?: string) =>
    call('removePasskey', {
      path: buildPath(ENDPOINTS.removePasskey, { id }),
      ...(cookie ? { cookie } : {}),
    });
  await expectStatus(401, remove(passkey.id));
  await expectStatus(404, remove(crypto.randomUUID(), holder));
  const saved = await t.sql.query<{ password_hash: string }>(
    'SELECT password_hash FROM users WHERE id = $1',
    [userId],
  );
  await t.sql.query('UPDATE users SET password_hash = NULL WHERE id = $1', [userId]);
  await expectStatus(409, remove(passkey.id, holder));
  await t.sql.query('UPDATE users SET password_hash = $2 WHERE id = $1', [
    userId,
    saved.rows[0]!.password_hash,
  ]);
  const stillPending = cookieOf(await send('POST', ENDPOINTS.login.path, { body: ANALYST }), 'rp_mfa');
  await expectStatus(200, remove(passkey.id, holder));
  // A pending sign-in of an account whose passkey went meanwhile.
  await expectStatus(409, call('mfaPasskeyOptions', { cookie: stillPending }));
}
