import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Secrets the embedded start generates when the environment does not provide them. */
const GENERATED = ['LINK_TOKEN_SECRET'] as const;

/**
 * Local runs need signing keys but nobody should have to invent them: a missing one is
 * generated once and kept in DATA_DIR/secrets.json (mode 600), so issued links survive a
 * restart. Production passes its own secrets; nothing here is used when they are set.
 */
export function ensureLocalSecrets(dataDir: string, environment: NodeJS.ProcessEnv): void {
  const file = join(dataDir, 'secrets.json');
  const stored: Record<string, string> = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
  let changed = false;
  for (const key of GENERATED) {
    if (environment[key]) continue;
    if (!stored[key]) {
      stored[key] = randomBytes(32).toString('base64url');
      changed = true;
    }
    environment[key] = stored[key];
  }
  if (changed) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, `${JSON.stringify(stored, null, 2)}\n`, { mode: 0o600 });
  }
}
