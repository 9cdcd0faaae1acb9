import { z } from 'zod';

export class ConfigError extends Error {
  constructor(readonly issues: readonly string[]) {
    super(`Invalid configuration:\n${issues.map((i) => `  - ${i}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Parses environment variables with a zod object whose keys are the variable names. Every bad
 * key is reported at once (fail fast, fix everything in one go), never just the first.
 */
export function loadConfig<S extends z.ZodObject>(
  schema: S,
  env: NodeJS.ProcessEnv = process.env,
): z.infer<S> {
  const relevant: Record<string, string | undefined> = {};
  for (const key of Object.keys(schema.shape)) {
    const value = env[key];
    // An empty variable means "not set", so defaults apply (docker-compose passes empty strings).
    relevant[key] = value === '' ? undefined : value;
  }
  const result = schema.safeParse(relevant);
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`),
    );
  }
  return result.data;
}

/** Reusable field parsers for environment variables (strings in, typed values out). */
export const env = {
  port: (fallback: number) => z.coerce.number().int().min(0).max(65_535).default(fallback),
  int: (fallback: number, min = 0) => z.coerce.number().int().min(min).default(fallback),
  bool: (fallback: boolean) =>
    z
      .enum(['true', 'false', '1', '0', 'yes', 'no'])
      .default(fallback ? 'true' : 'false')
      .transform((v) => v === 'true' || v === '1' || v === 'yes'),
  url: () => z.url().optional(),
  logLevel: () => z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  list: () =>
    z
      .string()
      .optional()
      .transform((v) =>
        v
          ? v
              .split(',')
              .map((s) => s.trim())
              .filter(Boolean)
          : [],
      ),
};
