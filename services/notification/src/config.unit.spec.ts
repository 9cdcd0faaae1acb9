import { ConfigError, loadConfig } from '@risk-profile/platform';
import { describe, expect, it } from 'vitest';
import { notificationConfigSchema, notificationProcessConfigSchema } from './config';
import { messageDelivery } from './transports';

const load = (env: NodeJS.ProcessEnv) => loadConfig(notificationConfigSchema, env);
const SMTP = 'smtp://mailer:secret@mail.example.com:587';
const VONAGE = { VONAGE_API_KEY: 'key', VONAGE_API_SECRET: 'secret', VONAGE_FROM: 'RiskProfile' };
const PRODUCTION = { NODE_ENV: 'production' };

/** The keys a refusal names, in order. */
function refusedKeys(env: NodeJS.ProcessEnv): string[] {
  try {
    load(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.issues.map((issue) => issue.split(':')[0]!);
    throw error;
  }
  return [];
}

describe('the notification configuration', () => {
  it('keeps the outbox folder as the default outside production (the embedded start)', () => {
    const config = load({});
    // The pages are told that messages are saved, never where the server keeps them.
    expect(messageDelivery(config)).toEqual({ email: 'outbox', sms: 'outbox' });
  });

  it('refuses to start in production with no mail transport and no SMS provider, naming both keys', () => {
    expect(refusedKeys(PRODUCTION)).toEqual(['MAIL_TRANSPORT', 'SMS_TRANSPORT']);
    expect(() => load(PRODUCTION)).toThrow(/MAIL_TRANSPORT: is required in production without SMTP_URL/);
    expect(() => load(PRODUCTION)).toThrow(
      /SMS_TRANSPORT: is required in production without the Vonage keys/,
    );
  });

  it('starts in production when each channel has its transport', () => {
    const config = load({ ...PRODUCTION, SMTP_URL: SMTP, ...VONAGE });
    expect(messageDelivery(config)).toEqual({ email: 'smtp', sms: 'vonage' });
    expect(
      refusedKeys({
        ...PRODUCTION,
        MAIL_TRANSPORT: 'smtp',
        SMTP_URL: SMTP,
        SMS_TRANSPORT: 'vonage',
        ...VONAGE,
      }),
    ).toEqual([]);
  });

  it('starts in production on the outbox only when it is chosen by name', () => {
    const config = load({
      ...PRODUCTION,
      MAIL_TRANSPORT: 'outbox',
      SMS_TRANSPORT: 'outbox',
      DATA_DIR: '/srv',
    });
    expect(messageDelivery(config)).toEqual({ email: 'outbox', sms: 'outbox' });
    expect(JSON.stringify(messageDelivery(config))).not.toContain('/srv');
    expect(refusedKeys({ ...PRODUCTION, SMTP_URL: SMTP })).toEqual(['SMS_TRANSPORT']);
    expect(refusedKeys({ ...PRODUCTION, ...VONAGE })).toEqual(['MAIL_TRANSPORT']);
  });

  it('refuses a transport named without its settings, in any environment', () => {
    expect(refusedKeys({ MAIL_TRANSPORT: 'smtp' })).toEqual(['SMTP_URL']);
    expect(refusedKeys({ SMS_TRANSPORT: 'vonage' })).toEqual([
      'VONAGE_API_KEY',
      'VONAGE_API_SECRET',
      'VONAGE_FROM',
    ]);
  });

  it('refuses the outbox named while the transport is configured, so the two keys never disagree', () => {
    expect(refusedKeys({ MAIL_TRANSPORT: 'outbox', SMTP_URL: SMTP })).toEqual(['MAIL_TRANSPORT']);
    expect(refusedKeys({ SMS_TRANSPORT: 'outbox', ...VONAGE })).toEqual(['SMS_TRANSPORT']);
  });

  it('refuses unknown transports and treats empty ones as unset (compose passes empty strings)', () => {
    expect(refusedKeys({ MAIL_TRANSPORT: 'sendmail', SMS_TRANSPORT: 'twilio' })).toEqual([
      'MAIL_TRANSPORT',
      'SMS_TRANSPORT',
    ]);
    expect(() => load({ MAIL_TRANSPORT: 'sendmail' })).toThrow(/MAIL_TRANSPORT: must be smtp or outbox/);
    expect(refusedKeys({ MAIL_TRANSPORT: '', SMS_TRANSPORT: '', SMTP_URL: '' })).toEqual([]);
  });

  it('makes a signed profile due for review after 12 months unless configured, and refuses nonsense', () => {
    expect(load({}).REVIEW_INTERVAL_MONTHS).toBe(12);
    expect(load({ REVIEW_INTERVAL_MONTHS: '24' }).REVIEW_INTERVAL_MONTHS).toBe(24);
    expect(refusedKeys({ REVIEW_INTERVAL_MONTHS: '0' })).toEqual(['REVIEW_INTERVAL_MONTHS']);
    expect(refusedKeys({ REVIEW_INTERVAL_MONTHS: 'yearly' })).toEqual(['REVIEW_INTERVAL_MONTHS']);
  });

  it('needs the session secret in its own process, and keeps the transport rules there', () => {
    const process = (env: NodeJS.ProcessEnv) => () => loadConfig(notificationProcessConfigSchema, env);
    expect(process({})).toThrow(/SESSION_SECRET/);
    const secret = { SESSION_SECRET: 'session-secret-of-at-least-32-characters!' };
    expect(process(secret)().SESSION_SECRET).toBe(secret.SESSION_SECRET);
    expect(process({ ...secret, ...PRODUCTION })).toThrow(/MAIL_TRANSPORT: is required in production/);
  });

  it('allows insecure webhook targets only outside production, and checks the webhook key and alert addresses', () => {
    const sending = { ...PRODUCTION, SMTP_URL: SMTP, ...VONAGE };
    expect(load({}).WEBHOOK_ALLOW_INSECURE_TARGETS).toBe(false);
    expect(load({ WEBHOOK_ALLOW_INSECURE_TARGETS: 'true' }).WEBHOOK_ALLOW_INSECURE_TARGETS).toBe(true);
    expect(() => load({ ...sending, WEBHOOK_ALLOW_INSECURE_TARGETS: 'true' })).toThrow(
      /WEBHOOK_ALLOW_INSECURE_TARGETS: must be false in production/,
    );
    expect(refusedKeys({ WEBHOOK_ENCRYPTION_KEY: 'short' })).toEqual(['WEBHOOK_ENCRYPTION_KEY']);
    expect(
      load({ WEBHOOK_ENCRYPTION_KEY: Buffer.alloc(32, 1).toString('base64') }).WEBHOOK_ENCRYPTION_KEY,
    ).toBeDefined();
    expect(load({}).ADMIN_ALERT_EMAIL).toEqual([]);
    expect(load({ ADMIN_ALERT_EMAIL: 'ops@example.com, it@example.com' }).ADMIN_ALERT_EMAIL).toEqual([
      'ops@example.com',
      'it@example.com',
    ]);
    expect(refusedKeys({ ADMIN_ALERT_EMAIL: 'ops' })).toEqual(['ADMIN_ALERT_EMAIL.0']);
  });
});
