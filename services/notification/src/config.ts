import {
  DEFAULT_DRAFT_RETENTION_DAYS,
  DEFAULT_RECORD_RETENTION_YEARS,
  DEFAULT_REVIEW_INTERVAL_MONTHS,
} from '@risk-profile/contracts';
import { env } from '@risk-profile/platform';
import { z } from 'zod';

const optionalText = z.preprocess((value) => (value === '' ? undefined : value), z.string().optional());

/**
 * The notification service's keys (docs/configuration.md). Without SMTP_URL, email goes to
 * `.eml` files in DATA_DIR/outbox; without the three Vonage keys, SMS goes to JSON files there.
 * In production (NODE_ENV=production) that fallback must be chosen by name (MAIL_TRANSPORT=outbox,
 * SMS_TRANSPORT=outbox): the pages tell clients their report is being emailed, so a production
 * site that only writes files must have said so on purpose.
 */
const notificationKeys = z.object({
  DATA_DIR: z.string().default('./data'),
  /** smtp(s)://user:pass@host:port; absent: the outbox folder. */
  SMTP_URL: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  ),
  /**
   * How email goes: `smtp` (needs SMTP_URL) or `outbox` (files; SMTP_URL must then be unset, so
   * the two keys never disagree). Unset: smtp when SMTP_URL is set, else the outbox, which
   * production refuses unless chosen here.
   */
  MAIL_TRANSPORT: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.enum(['smtp', 'outbox'], { error: 'must be smtp or outbox' }).optional(),
  ),
  /** How SMS goes: `vonage` (needs the three Vonage keys) or `outbox`; as MAIL_TRANSPORT. */
  SMS_TRANSPORT: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.enum(['vonage', 'outbox'], { error: 'must be vonage or outbox' }).optional(),
  ),
  /** "production" requires a transport for each channel, or the outbox chosen explicitly. */
  NODE_ENV: z.string().optional(),
  /** The From address of every email. */
  MAIL_FROM: z.string().default('Risk Profile <no-reply@risk-profile.local>'),
  VONAGE_API_KEY: optionalText,
  VONAGE_API_SECRET: optionalText,
  /** Sender id or number of SMS (alphanumeric up to 11 characters, or a number). */
  VONAGE_FROM: optionalText,
  /** Overrides the Vonage REST host (regions, tests), e.g. https://rest.nexmo.com. */
  VONAGE_API_HOST: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.url({ protocol: /^https?$/, error: 'must be an http(s):// URL' }).optional(),
  ),
  /**
   * Client copies (email or SMS) of signed assessments to one recipient in 24 hours; beyond it a
   * copy is recorded as `suppressed` and not sent. 0: no cap.
   */
  CLIENT_COPIES_PER_RECIPIENT_PER_DAY: env.int(5),
  /** A client's latest signed profile older than this many months is due for review (docs/records.md). */
  REVIEW_INTERVAL_MONTHS: env.int(DEFAULT_REVIEW_INTERVAL_MONTHS, 1).pipe(z.number().max(120)),
  /**
   * Retention (docs/records.md, "Retention and erasure"), the same keys as the assessment
   * service's, which erases what is due: here they only say, in a client's data request, until
   * when each assessment is kept.
   */
  DRAFT_RETENTION_DAYS: env.int(DEFAULT_DRAFT_RETENTION_DAYS, 1),
  RECORD_RETENTION_YEARS: env.int(DEFAULT_RECORD_RETENTION_YEARS, 1),
  /**
   * Proxies trusted for the client address recorded in the access log (as the other services'):
   * "1" behind the gateway in the distributed mode.
   */
  TRUST_PROXY: env.trustProxy(),
  /**
   * Seals webhook endpoints' signing secrets at rest (docs/webhooks.md): base64 of 32 random
   * bytes. The embedded start generates one into DATA_DIR; without it endpoints cannot be added.
   */
  WEBHOOK_ENCRYPTION_KEY: z.preprocess(
    (value) => (value === '' ? undefined : value),
    env.optionalSecretKey(),
  ),
  /** Webhooks to http and to private or loopback addresses: for tests only, refused in production. */
  WEBHOOK_ALLOW_INSECURE_TARGETS: env.bool(false),
  /**
   * Who is emailed when a webhook endpoint is disabled (failing for 5 days, or answering 410):
   * a comma-separated list of addresses; unset, the disabling is only logged.
   */
  ADMIN_ALERT_EMAIL: z
    .preprocess((value) => (value === '' ? undefined : value), z.string().optional())
    .transform((value) =>
      (value ?? '')
        .split(',')
        .map((address) => address.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.email('must be email addresses separated by commas'))),
  /** Time zone of the dates in reports and messages (IANA name). */
  REPORT_TIME_ZONE: z
    .string()
    .default('Australia/Sydney')
    .refine((zone) => {
      try {
        new Intl.DateTimeFormat('en-AU', { timeZone: zone });
        return true;
      } catch {
        return false;
      }
    }, 'must be an IANA time zone such as Australia/Sydney'),
});

type NotificationKeys = z.infer<typeof notificationKeys>;

function checkTransports(config: NotificationKeys, context: z.RefinementCtx): void {
  const issue = (path: string, message: string) =>
    context.addIssue({ code: 'custom', path: [path], message });
  const vonageKeys = ['VONAGE_API_KEY', 'VONAGE_API_SECRET', 'VONAGE_FROM'] as const;
  const set = vonageKeys.filter((key) => config[key] !== undefined).length;
  if (set !== 0 && set !== 3) {
    for (const key of vonageKeys)
      if (config[key] === undefined) issue(key, 'is required when any Vonage key is set');
  }
  const production = config.NODE_ENV === 'production';
  if (production && config.WEBHOOK_ALLOW_INSECURE_TARGETS)
    issue(
      'WEBHOOK_ALLOW_INSECURE_TARGETS',
      'must be false in production: it lets webhooks reach http and private addresses (tests only)',
    );
  if (config.MAIL_TRANSPORT === 'smtp' && !config.SMTP_URL)
    issue('SMTP_URL', 'is required with MAIL_TRANSPORT=smtp');
  if (config.MAIL_TRANSPORT === 'outbox' && config.SMTP_URL)
    issue('MAIL_TRANSPORT', 'is outbox while SMTP_URL is set: unset one of them');
  if (production && !config.MAIL_TRANSPORT && !config.SMTP_URL)
    issue(
      'MAIL_TRANSPORT',
      'is required in production without SMTP_URL: set SMTP_URL to send email, or MAIL_TRANSPORT=outbox to save it as files',
    );
  if (config.SMS_TRANSPORT === 'vonage' && set === 0)
    for (const key of vonageKeys) issue(key, 'is required with SMS_TRANSPORT=vonage');
  if (config.SMS_TRANSPORT === 'outbox' && set === 3)
    issue('SMS_TRANSPORT', 'is outbox while the Vonage keys are set: unset one or the other');
  if (production && !config.SMS_TRANSPORT && set === 0)
    issue(
      'SMS_TRANSPORT',
      'is required in production without the Vonage keys: set VONAGE_API_KEY, VONAGE_API_SECRET and VONAGE_FROM to send text messages, or SMS_TRANSPORT=outbox to save them as files',
    );
}

export const notificationConfigSchema = notificationKeys.superRefine(checkTransports);

export type NotificationConfig = z.infer<typeof notificationConfigSchema>;

/**
 * The notification process of the distributed mode also checks the sessions of the records'
 * endpoints itself, on the session state the adviser service keeps: the gateway's keys.
 */
export const notificationProcessConfigSchema = notificationKeys
  .extend({ SESSION_SECRET: env.sessionSecret(), PUBLIC_URL: z.url().optional() })
  .superRefine(checkTransports);
