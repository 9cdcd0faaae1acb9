import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ConfigError, silentLogger } from '@risk-profile/platform';
import { afterEach, describe, expect, it } from 'vitest';
import { startEmbedded } from './start-embedded';

const root = resolve(import.meta.dirname, '../../..');
const folders: string[] = [];
const freshDataDir = () => {
  const parent = mkdtempSync(join(tmpdir(), 'config-int-'));
  folders.push(parent);
  // A folder that does not exist yet: anything that creates it (a database, a secrets file) shows.
  return join(parent, 'data');
};
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe('a wrong configuration', () => {
  it('names every bad key of the platform and the gateway at once, and writes nothing', async () => {
    const dataDir = freshDataDir();
    const attempt = startEmbedded(
      {
        DATA_DIR: dataDir,
        PORT: 'abc',
        RATE_LIMIT_PER_MINUTE: '-5',
        CONTACT_EMAIL: 'nope',
        LOG_LEVEL: 'loud',
        TRUST_PROXY: 'true',
      },
      { logger: silentLogger() },
    );
    const error = await attempt.then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ConfigError);
    const keys = (error as ConfigError).issues.map((issue) => issue.split(':')[0]);
    expect(new Set(keys)).toEqual(
      new Set(['PORT', 'RATE_LIMIT_PER_MINUTE', 'CONTACT_EMAIL', 'LOG_LEVEL', 'TRUST_PROXY']),
    );
    // Each key once, although LOG_LEVEL and TRUST_PROXY belong to several deployables.
    expect(keys).toHaveLength(new Set(keys).size);
    expect(existsSync(dataDir)).toBe(false);
  });

  it('stops a service entry point before it creates a database', () => {
    const dataDir = freshDataDir();
    const run = spawnSync(process.execPath, ['scripts/run-ts.mjs', 'services/adviser/src/main.ts'], {
      cwd: root,
      env: { PATH: process.env.PATH, DATA_DIR: dataDir, PORT: '0', DATABASE_POOL_SIZE: '0' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('LINK_TOKEN_SECRET: is required');
    expect(run.stderr).toContain('DATABASE_POOL_SIZE');
    expect(existsSync(dataDir) ? readdirSync(dataDir) : []).toEqual([]);
  });
});
