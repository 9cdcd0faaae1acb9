import { createHmac } from 'node:crypto';
import { MESSAGES, verifiedLinkSchema } from '@risk-profile/contracts';
import type { SqlClient } from '@risk-profile/platform';
import { sqlTargets } from '@risk-profile/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdviserTestServer, startAdviserServer, TEST_LINK_SECRET } from '../testing/adviser-test-server';
import { createLinkTokenSigner } from './link-token-signer';

const PATH = '/api/questionnaire-links/verify';
const ISSUED = new Date('2026-01-10T09:00:00.000Z');
const DAY = 24 * 60 * 60 * 1000;

// The verify endpoint runs the same code on either SQL target and touches no table, so PGlite suffices.
const [pglite] = sqlTargets();

describe('POST /api/questionnaire-links/verify', () => {
  let sql: SqlClient;
  let server: AdviserTestServer;
  let now = ISSUED;
  const signer = createLinkTokenSigner(TEST_LINK_SECRET, () => ISSUED);
  const token = signer.sign({
    name: 'Jo Client',
    email: 'jo@example.com',
    phone: null,
    adviserSlug: 'demo-adviser',
  });
  const bytes = Buffer.from(token, 'base64url');
  const withByte = (index: number, xor: number) => {
    const copy = Buffer.from(bytes);
    copy[index] = copy[index]! ^ xor;
    return copy.toString('base64url');
  };
  // A correctly signed token of the first, readable format (`<base64url JSON>.<HMAC>`).
  const oldPayload = Buffer.from('{"v":1,"name":"Jo Client","exp":1999999999}').toString('base64url');
  const oldFormat = `${oldPayload}.${createHmac('sha256', TEST_LINK_SECRET).update(oldPayload).digest('base64url')}`;

  beforeAll(async () => {
    sql = await pglite!.open();
    server = await startAdviserServer(sql, { clock: () => now });
  });
  afterAll(async () => {
    await server.stop();
    await sql.close();
  });

  const verify = async (body: unknown) => {
    const response = await server.post(PATH, body);
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  it('answers 200 with the details of a valid link', async () => {
    now = new Date(ISSUED.getTime() + 13 * DAY);
    const { status, body } = await verify({ token });
    expect(status).toBe(200);
    expect(verifiedLinkSchema.strict().parse(body)).toEqual({
      name: 'Jo Client',
      email: 'jo@example.com',
      phone: null,
      adviserSlug: 'demo-adviser',
      // Signed without a link id, as every token issued before link ids was.
      linkId: null,
      expiresAt: '2026-01-24T09:00:00.000Z',
    });
  });

  it('answers 400 with the invalid-link message once the link has expired', async () => {
    now = new Date(ISSUED.getTime() + 14 * DAY);
    expect(await verify({ token })).toEqual({
      status: 400,
      body: { error: MESSAGES.invalidLink, code: 'INVALID_LINK_TOKEN' },
    });
    now = ISSUED;
  });

  it.each([
    ['a tampered sealed byte', withByte(20, 0x01)],
    ['a tampered tag', withByte(bytes.length - 1, 0x80)],
    [
      'a token signed with another secret',
      createLinkTokenSigner('another-secret-another-secret-0123', () => ISSUED).sign({ name: 'Jo' }),
    ],
    ['garbage', 'garbage'],
    ['a token of the old, readable format', oldFormat],
  ])('answers 400 with the invalid-link message for %s', async (_, bad) => {
    expect(await verify({ token: bad })).toEqual({
      status: 400,
      body: { error: MESSAGES.invalidLink, code: 'INVALID_LINK_TOKEN' },
    });
  });

  it.each([
    ['a missing token', {}, 'token: Invalid input: expected string, received undefined'],
    ['an empty token', { token: '' }, 'The link token is missing.'],
    ['an oversized token', { token: 'a'.repeat(2100) }, 'The link token is too long.'],
    ['a token that is not a string', { token: 42 }, expect.stringContaining('token')],
  ])('answers 400 for %s', async (_, body, message) => {
    const result = await verify(body);
    expect(result.status).toBe(400);
    expect(result.body.error).toEqual(message);
  });

  it('answers 400 to a request without a body', async () => {
    const response = await fetch(`${server.url}${PATH}`, { method: 'POST' });
    expect(response.status).toBe(400);
  });

  it('answers 400 to malformed JSON', async () => {
    const response = await server.post(PATH, '{"token":');
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: 'Malformed JSON body' });
  });
});
