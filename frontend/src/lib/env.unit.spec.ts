import { describe, expect, it } from 'vitest';
import { parseAppConfig } from './env';

describe('parseAppConfig', () => {
  it('reads the configuration the gateway writes', () => {
    expect(parseAppConfig('{"contactEmail":"help@harbour.example","demoMode":true}')).toEqual({
      contactEmail: 'help@harbour.example',
      demoMode: true,
      delivery: null,
    });
  });

  it.each([
    [
      { email: 'smtp', sms: 'vonage' },
      { email: 'smtp', sms: 'vonage' },
    ],
    [
      { email: 'outbox', sms: 'outbox' },
      { email: 'outbox', sms: 'outbox' },
    ],
    // A folder an older gateway wrote is never kept: no page shows a path on the server.
    [
      { email: 'smtp', sms: 'outbox', outboxDir: '/srv/outbox' },
      { email: 'smtp', sms: 'outbox' },
    ],
  ])('reads where messages go: %o', (delivery, expected) => {
    expect(parseAppConfig(JSON.stringify({ delivery })).delivery).toEqual(expected);
  });

  it.each([
    ['an unknown transport', { email: 'carrier-pigeon', sms: 'vonage' }],
    ['no object', 'smtp'],
  ])('claims nothing about delivery for %s', (_, delivery) => {
    expect(parseAppConfig(JSON.stringify({ delivery })).delivery).toBeNull();
  });

  it.each([
    ['no script tag', null],
    ['unreadable JSON', '{contactEmail:'],
    ['an invalid address', '{"contactEmail":"not an email","demoMode":"yes"}'],
  ])('falls back to the defaults for %s', (_, raw) => {
    expect(parseAppConfig(raw)).toEqual({
      contactEmail: 'support@example.com',
      demoMode: false,
      delivery: null,
    });
  });
});
