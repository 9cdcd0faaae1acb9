import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import {
  newWebhookSecret,
  SECRET_ROTATION_OVERLAP_MS,
  signingSecrets,
  signWebhook,
  webhookHeaders,
} from './index';

// The test vector every Standard Webhooks reference library checks its `sign` against (the
// libraries' tests in github.com/standard-webhooks/standard-webhooks).
const vector = {
  secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
  id: 'msg_p5jXN8AQM9LWM0D4loKWxJek',
  timestamp: new Date(1614265330 * 1000),
  body: '{"test": 2432232314}',
  signature: 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
};

const body = JSON.stringify({
  type: 'assessment.signed',
  timestamp: '2026-11-28T10:00:00.000Z',
  data: { id: 'c0a8012e-2b1f-4e55-9d7a-7f3c1d2e4b5a', name: 'Zoë Ångström' },
});

describe('signWebhook', () => {
  it('matches the specification’s published test vector', () => {
    expect(signWebhook(vector)).toBe(vector.signature);
  });

  it('signs the bytes of the body, whether given as text or as a buffer', () => {
    expect(signWebhook({ ...vector, body: Buffer.from(vector.body) })).toBe(vector.signature);
    expect(signWebhook({ ...vector, body: new TextEncoder().encode(vector.body) })).toBe(vector.signature);
  });

  it('signs in whole seconds, as the timestamp header is sent', () => {
    const later = new Date(vector.timestamp.getTime() + 999);
    expect(signWebhook({ ...vector, timestamp: later })).toBe(vector.signature);
    expect(signWebhook({ ...vector, timestamp: new Date(later.getTime() + 1) })).not.toBe(vector.signature);
  });

  it('gives one space-separated signature per secret, the current one first', () => {
    const other = newWebhookSecret();
    const pair = signWebhook({ ...vector, secret: [other, vector.secret] });
    expect(pair.split(' ')).toEqual([signWebhook({ ...vector, secret: other }), vector.signature]);
  });

  it('covers the id and the timestamp as well as the body', () => {
    expect(signWebhook({ ...vector, id: 'msg_p5jXN8AQM9LWM0D4loKWxJel' })).not.toBe(vector.signature);
    expect(signWebhook({ ...vector, body: '{"test": 2432232315}' })).not.toBe(vector.signature);
  });

  it('refuses ids that would blur the signed content or break the header', () => {
    for (const id of ['', 'msg.1', 'msg 1', 'msg\n1', 'x'.repeat(257), 'é']) {
      expect(() => signWebhook({ ...vector, id })).toThrow(/webhook id/);
    }
  });

  it('refuses secrets that are not whsec_ and 24 to 64 bytes of exact base64', () => {
    const refused = [
      'MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', // the prefix left out
      'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaS!', // not base64
      'whsec_MfKQ9r8GKYqrTwjU PD8ILPZIo2LaLaSw', // Buffer.from would have skipped the space
      `whsec_${Buffer.alloc(23).toString('base64')}`,
      `whsec_${Buffer.alloc(65).toString('base64')}`,
    ];
    for (const secret of refused) expect(() => signWebhook({ ...vector, secret })).toThrow(/secret/);
    expect(() => signWebhook({ ...vector, secret: [] })).toThrow(/at least one secret/);
  });

  it('refuses timestamps that cannot be sent', () => {
    expect(() => signWebhook({ ...vector, timestamp: new Date(Number.NaN) })).toThrow(/timestamp/);
    expect(() => signWebhook({ ...vector, timestamp: new Date(-1000) })).toThrow(/timestamp/);
  });
});

describe('webhookHeaders', () => {
  it('gives the three headers of the specification for the test vector', () => {
    expect(webhookHeaders(vector)).toEqual({
      'webhook-id': vector.id,
      'webhook-timestamp': '1614265330',
      'webhook-signature': vector.signature,
    });
  });
});

describe('verified by the reference implementation (the standardwebhooks package)', () => {
  const now = () => new Date();

  it('accepts a delivery signed with a new secret and hands back its payload', () => {
    const secret = newWebhookSecret();
    const headers = webhookHeaders({ id: 'msg_1', timestamp: now(), body, secret });
    expect(new Webhook(secret).verify(body, { ...headers })).toEqual(JSON.parse(body));
  });

  it('accepts a rotated pair with either secret, and neither with a third', () => {
    const old = newWebhookSecret();
    const current = newWebhookSecret();
    const headers = { ...webhookHeaders({ id: 'msg_2', timestamp: now(), body, secret: [current, old] }) };
    expect(new Webhook(old).verify(body, headers)).toEqual(JSON.parse(body));
    expect(new Webhook(current).verify(body, headers)).toEqual(JSON.parse(body));
    expect(() => new Webhook(newWebhookSecret()).verify(body, headers)).toThrow(/No matching signature/);
  });

  it('refuses a body changed after signing', () => {
    const secret = newWebhookSecret();
    const headers = { ...webhookHeaders({ id: 'msg_3', timestamp: now(), body, secret }) };
    const reserialised = JSON.stringify(JSON.parse(body), null, 2);
    expect(() => new Webhook(secret).verify(reserialised, headers)).toThrow(/No matching signature/);
  });

  it('signs exactly as the reference implementation does', () => {
    const secret = newWebhookSecret();
    const timestamp = now();
    expect(signWebhook({ id: 'msg_4', timestamp, body, secret })).toBe(
      new Webhook(secret).sign('msg_4', timestamp, body),
    );
  });
});

describe('newWebhookSecret', () => {
  it('is whsec_ and the base64 of 32 random bytes', () => {
    const secrets = new Set(Array.from({ length: 50 }, newWebhookSecret));
    expect(secrets.size).toBe(50);
    for (const secret of secrets) {
      expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
      expect(Buffer.from(secret.slice('whsec_'.length), 'base64')).toHaveLength(32);
    }
  });
});

describe('signingSecrets', () => {
  const rotatedAt = new Date('2026-11-28T10:00:00Z');
  const endpoint = { secret: 'whsec_new', previous: { secret: 'whsec_old', rotatedAt } };
  const at = (ms: number) => new Date(rotatedAt.getTime() + ms);

  it('signs with the old secret beside the new for 24 hours after a rotation', () => {
    expect(signingSecrets(endpoint, at(0))).toEqual(['whsec_new', 'whsec_old']);
    expect(signingSecrets(endpoint, at(SECRET_ROTATION_OVERLAP_MS - 1))).toEqual(['whsec_new', 'whsec_old']);
  });

  it('signs with the new secret alone from then on, or when there was no rotation', () => {
    expect(signingSecrets(endpoint, at(SECRET_ROTATION_OVERLAP_MS))).toEqual(['whsec_new']);
    expect(signingSecrets({ secret: 'whsec_new' }, at(0))).toEqual(['whsec_new']);
  });
});
