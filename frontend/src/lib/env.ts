import { isEmail } from './email';

/**
 * Deployment configuration. The gateway writes it into index.html as a JSON script tag, so the
 * same build runs in every environment without a rebuild.
 */
export interface AppConfig {
  contactEmail: string;
  demoMode: boolean;
}

const DEFAULTS: AppConfig = { contactEmail: 'support@example.com', demoMode: false };

/**
 * Each field falls back to its default on its own when missing or invalid. Checked by hand rather
 * than with a zod schema: two fields do not justify downloading zod before the first paint.
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
  const fields: Partial<Record<keyof AppConfig, unknown>> =
    typeof json === 'object' && json !== null ? json : {};
  const { contactEmail, demoMode } = fields;
  return {
    contactEmail:
      typeof contactEmail === 'string' && isEmail(contactEmail) ? contactEmail : DEFAULTS.contactEmail,
    demoMode: typeof demoMode === 'boolean' ? demoMode : DEFAULTS.demoMode,
  };
}

function readAppConfig(): AppConfig {
  if (typeof document === 'undefined') return parseAppConfig(null);
  return parseAppConfig(document.getElementById('app-config')?.textContent);
}

export const appConfig: AppConfig = readAppConfig();
