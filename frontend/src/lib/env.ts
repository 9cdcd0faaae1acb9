import { isEmail } from './email';

/**
 * Deployment configuration. The gateway writes it into index.html as a JSON script tag, so the
 * same build runs in every environment without a rebuild.
 */
export interface AppConfig {
  contactEmail: string;
  demoMode: boolean;
  /** Where messages go; null when the gateway was not told (the distributed gateway). */
  delivery: MessageDelivery | null;
}

/**
 * Email through the SMTP server or into the outbox folder on the server, SMS through Vonage or
 * into that folder (the notification service's `messageDelivery`). Never where that folder is:
 * a page shows no path on the server.
 */
export interface MessageDelivery {
  email: 'smtp' | 'outbox';
  sms: 'vonage' | 'outbox';
}

const DEFAULTS: AppConfig = { contactEmail: 'support@example.com', demoMode: false, delivery: null };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** The delivery as written (only its two channels), or null when either is missing or unknown. */
function parseDelivery(value: unknown): MessageDelivery | null {
  if (!isRecord(value)) return null;
  const { email, sms } = value;
  if ((email !== 'smtp' && email !== 'outbox') || (sms !== 'vonage' && sms !== 'outbox')) return null;
  return { email, sms };
}

/**
 * Each field falls back to its default on its own when missing or invalid. Checked by hand rather
 * than with a zod schema: three small fields do not justify downloading zod before the first paint.
 */
export function parseAppConfig(raw: string | null | undefined): AppConfig {
  let json: unknown = {};
  if (raw) {
    try {
      json = JSON.parse(raw);
    } catch (error) {
      console.warn('Ignoring unreadable app configuration', error);
    }
  }
  const fields: Partial<Record<keyof AppConfig, unknown>> = isRecord(json) ? json : {};
  const { contactEmail, demoMode, delivery } = fields;
  return {
    contactEmail:
      typeof contactEmail === 'string' && isEmail(contactEmail) ? contactEmail : DEFAULTS.contactEmail,
    demoMode: typeof demoMode === 'boolean' ? demoMode : DEFAULTS.demoMode,
    delivery: parseDelivery(delivery),
  };
}

function readAppConfig(): AppConfig {
  if (typeof document === 'undefined') return parseAppConfig(null);
  return parseAppConfig(document.getElementById('app-config')?.textContent);
}

export const appConfig: AppConfig = readAppConfig();
