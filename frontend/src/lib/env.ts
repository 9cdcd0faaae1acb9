import { z } from 'zod';

/**
 * Deployment configuration. The gateway writes it into index.html as a JSON script tag, so the
 * same build runs in every environment without a rebuild.
 */
const appConfigSchema = z.object({
  contactEmail: z.email().catch('support@example.com'),
  demoMode: z.boolean().catch(false),
});

export type AppConfig = z.infer<typeof appConfigSchema>;

export function parseAppConfig(raw: string | null | undefined): AppConfig {
  let json: unknown = {};
  if (raw) {
    try {
      json = JSON.parse(raw);
    } catch (error) {
      console.warn('Ignoring unreadable app configuration', error);
    }
  }
  const parsed = appConfigSchema.safeParse(json);
  return parsed.success ? parsed.data : appConfigSchema.parse({});
}

function readAppConfig(): AppConfig {
  if (typeof document === 'undefined') return parseAppConfig(null);
  return parseAppConfig(document.getElementById('app-config')?.textContent);
}

export const appConfig: AppConfig = readAppConfig();
