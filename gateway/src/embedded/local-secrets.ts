import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Secrets the embedded start generates when the environment does not provide them.
 * DATA_ENCRYPTION_KEY wraps every assessment's data key (HOUSEHOLD_ENCRYPTION_KEY every household
 * member's): losing secrets.json loses every client's personal data, so a backup of DATA_DIR must
 * include it.
 */
const GENERATED = [
  'LINK_TOKEN_SECRET',
  'SESSION_SECRET',
  'DATA_ENCRYPTION_KEY',
  'MFA_ENCRYPTION_KEY',
  'HOUSEHOLD_ENCRYPTION_KEY',
  'WEBHOOK_ENCRYPTION_KEY',
] as const;

export interface LocalSecrets {
  /** The environment with every missing secret filled in (nothing written yet). */
  environment: NodeJS.ProcessEnv;
  /** Keeps newly generated secrets in DATA_DIR/secrets.json; call once the configuration is valid. */
  persist(): void;
}

/**
 * Local runs need signing keys but nobody should have to invent them: a missing one is
 * generated once and kept in DATA_DIR/secrets.json (mode 600), so issued links and sessions
 * survive a restart. Production passes its own secrets; nothing here is used when they are set.
 * Reading is separate from writing so that a wrong configuration leaves DATA_DIR untouched.
 */
export function localSecrets(dataDir: string, environment: NodeJS.ProcessEnv): LocalSecrets {
  const file = join(dataDir, 'secrets.json');
  const stored: Record<string, string> = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
  const filled: NodeJS.ProcessEnv = { ...environment };
  let changed = false;
  // Production passes its own secrets: a generated one would be a key nobody chose or guards.
  const generate = environment.NODE_ENV !== 'production';
  for (const key of GENERATED) {
    if (environment[key] || !generate) continue;
    if (!stored[key]) {
      stored[key] = randomBytes(32).toString('base64url');
      changed = true;
    }
    filled[key] = stored[key];
  }
  return {
    environment: filled,
    persist: () => {
      if (!changed) return;
      mkdirSync(dataDir, { recursive: true });
      writeFileSync(file, `${JSON.stringify(stored, null, 2)}\n`, { mode: 0o600 });
      changed = false;
    },
  };
}
