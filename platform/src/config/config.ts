import { isIP } from 'node:net';
import { z } from 'zod';
import { parseSecretKey } from '../crypto/sealed-value';

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
  const result = parseConfig(schema, env);
  if (!result.ok) throw new ConfigError(result.issues);
  return result.value;
}

type ConfigResult<S extends z.ZodObject> = { ok: true; value: z.infer<S> } | { ok: false; issues: string[] };

function parseConfig<S extends z.ZodObject>(schema: S, env: NodeJS.ProcessEnv): ConfigResult<S> {
  const relevant: Record<string, string | undefined> = {};
  for (const key of Object.keys(schema.shape)) {
    const value = env[key];
    // An empty variable means "not set", so defaults apply (docker-compose passes empty strings).
    relevant[key] = value === '' ? undefined : value;
  }
  const result = schema.safeParse(relevant);
  if (result.success) return { ok: true, value: result.data };
  return {
    ok: false,
    issues: result.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`),
  };
}

/**
 * Several deployables' schemas parsed from one environment (the platform's, a service's, the
 * gateway's): every bad key of all of them is reported in one ConfigError, each once, before the
 * caller writes, creates or opens anything.
 */
export function loadConfigs<const S extends readonly z.ZodObject[]>(
  schemas: S,
  env: NodeJS.ProcessEnv = process.env,
): { [K in keyof S]: z.infer<S[K]> } {
  const issues = new Set<string>();
  const values = schemas.map((schema) => {
    const result = parseConfig(schema, env);
    if (result.ok) return result.value;
    for (const issue of result.issues) issues.add(issue);
    return undefined;
  });
  if (issues.size > 0) throw new ConfigError([...issues]);
  return values as { [K in keyof S]: z.infer<S[K]> };
}

/** What express's "trust proxy" takes: nothing trusted, a hop count, or addresses and subnets. */
export type TrustProxy = false | number | string;

const TRUST_PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isTrustedProxyEntry(entry: string): boolean {
  if (TRUST_PROXY_NAMES.has(entry)) return true;
  const [address, bits, ...rest] = entry.split('/');
  if (rest.length > 0 || !address || isIP(address) === 0) return false;
  if (bits === undefined) return true;
  const max = isIP(address) === 4 ? 32 : 128;
  return /^\d+$/.test(bits) && Number(bits) <= max;
}

/** Why `entry` is not a usable service address (undefined when it is). */
function originProblem(entry: string, seen: readonly string[]): string | undefined {
  if (!entry) return 'is empty (addresses are separated by single commas)';
  let url: URL;
  try {
    url = new URL(entry);
  } catch {
    return 'is not a URL (expected an address such as http://adviser:3002)';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'must start with http:// or https://';
  if (url.pathname !== '/' || url.search || url.hash || url.username || url.password) {
    return 'must be an origin only (scheme, host and port), with no path, query or credentials';
  }
  if (seen.includes(url.origin)) return 'is listed twice';
  return undefined;
}

/** Whether a configured key is base64 of 32 random bytes (parseSecretKey), without saying which key. */
const isSecretKey = (value: string): boolean => {
  try {
    parseSecretKey(value, 'the key');
    return true;
  } catch {
    return false;
  }
};

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
  /**
   * HS256 key of session cookies: required, at least 32 characters. The embedded start
   * generates one into DATA_DIR; production passes its own.
   */
  sessionSecret: () =>
    z.string({ error: 'is required (at least 32 characters)' }).min(32, 'must be at least 32 characters'),
  /**
   * DATA_ENCRYPTION_KEY, the master key that wraps the data keys of personal data
   * (platform/src/crypto): required, base64 of 32 random bytes. The embedded start generates one
   * into DATA_DIR; production passes its own.
   */
  masterKey: () =>
    z
      .string({ error: 'is required (base64 of 32 random bytes, e.g. `openssl rand -base64 32`)' })
      .refine(isSecretKey, 'must be base64 of 32 random bytes (e.g. `openssl rand -base64 32`)'),
  /**
   * A key that seals one feature's secrets at rest (MFA_ENCRYPTION_KEY, WEBHOOK_ENCRYPTION_KEY):
   * base64 of 32 random bytes when set; unset, the feature cannot be set up (secretBox answers 503).
   */
  optionalSecretKey: () =>
    z
      .string()
      .optional()
      .refine((value) => value === undefined || isSecretKey(value), 'must be base64 of 32 random bytes'),
  /**
   * Proxies trusted to say who the client is (X-Forwarded-For), and so whose address `req.ip`, the
   * rate limits and the recorded signing IP use. Default "false": nobody, the peer's own address.
   * A hop count ("1": the one proxy in front, such as the gateway in front of a service) or a
   * comma-separated list of addresses, subnets and "loopback" / "linklocal" / "uniquelocal".
   * "true" (trust every hop, so any client could forge its address) is refused.
   */
  trustProxy: () =>
    z
      .string()
      .default('false')
      .refine(
        (value) =>
          value === 'false' ||
          /^\d+$/.test(value) ||
          value.split(',').every((entry) => isTrustedProxyEntry(entry.trim())),
        'must be false, a hop count, or a comma-separated list of addresses, subnets, loopback, linklocal or uniquelocal',
      )
      .transform((value): TrustProxy => {
        if (value === 'false') return false;
        if (/^\d+$/.test(value)) return Number(value);
        return value
          .split(',')
          .map((entry) => entry.trim())
          .join(',');
      }),
  /**
   * One or more service addresses, comma-separated (`http://adviser-1:3002,http://adviser-2:3002`):
   * each an http(s) origin (scheme, host and port, no path), listed once. Values are the origins.
   */
  urlList: (fallback: string) =>
    z
      .string()
      .default(fallback)
      .transform((value, ctx) => {
        const origins: string[] = [];
        for (const [index, raw] of value.split(',').entries()) {
          const entry = raw.trim();
          const problem = originProblem(entry, origins);
          if (problem) {
            const where = `entry ${index + 1}${entry ? ` ("${entry}")` : ''}`;
            ctx.addIssue({ code: 'custom', message: `${where} ${problem}`, input: value });
            return z.NEVER;
          }
          origins.push(new URL(entry).origin);
        }
        return origins;
      }),
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
