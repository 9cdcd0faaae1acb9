import { env } from '@risk-profile/platform';
import { z } from 'zod';

const optionalText = z.preprocess((value) => (value === '' ? undefined : value), z.string().optional());

/**
 * The notification service's keys (docs/configuration.md). Without SMTP_URL, email goes to
 * `.eml` files in DATA_DIR/outbox; without the three Vonage keys, SMS goes to JSON files there.
 */
export const notificationConfigSchema = z
  .object({
    DATA_DIR: z.string().default('./data'),
    /** smtp(s)://user:pass@host:port; absent: the outbox folder. */
    SMTP_URL: z.preprocess(
      (value) => (value === '' ? undefined : value),
      z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
    ),
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
  })
  .superRefine((config, context) => {
    const vonage = [config.VONAGE_API_KEY, config.VONAGE_API_SECRET, config.VONAGE_FROM];
    const set = vonage.filter((value) => value !== undefined).length;
    if (set !== 0 && set !== 3) {
      for (const key of ['VONAGE_API_KEY', 'VONAGE_API_SECRET', 'VONAGE_FROM'] as const) {
        if (config[key] === undefined) {
          context.addIssue({
            code: 'custom',
            path: [key],
            message: 'is required when any Vonage key is set',
          });
        }
      }
    }
  });

export type NotificationConfig = z.infer<typeof notificationConfigSchema>;
