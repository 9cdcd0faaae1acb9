import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { basename, join } from 'node:path';
import { Readable } from 'node:stream';
import { ClickHouseAnalyticsStore } from '@risk-profile/analytics';
import { PgliteSqlClient } from '@risk-profile/platform';
import * as tar from 'tar';

/** What a backup holds; `format` and `formatVersion` let a restore refuse what it cannot read. */
export interface BackupManifest {
  format: 'risk-profile-embedded-backup';
  formatVersion: 1;
  createdAt: string;
  /** The PostgreSQL inside PGlite: its data files are readable by the same major version. */
  postgresVersion: string;
  /** PGlite's data folder as dumpDataDir writes it. */
  database: 'pglite.tar.gz';
  /** chDB's source tables (JSON lines under analytics/); absent when analytics is a server. */
  analytics?: { database: string; tables: Record<string, { file: string; rows: number }> };
  /** Every file at the top of DATA_DIR (generated secrets, keys), copied as is under secrets/. */
  secrets: string[];
}

const MANIFEST = 'manifest.json';
const PGLITE_ARCHIVE = 'pglite.tar.gz';

export interface BackupSources {
  dataDir: string;
  sql: PgliteSqlClient;
  /** The embedded analytics store, when chDB is in this process. */
  analytics?: ClickHouseAnalyticsStore;
  /** Files at the top of DATA_DIR that are not to be copied (the ops token of this run). */
  exclude: readonly string[];
}

/**
 * Takes a backup of the running product and returns it as a gzipped tar stream. PostgreSQL first,
 * then chDB: the analytics projector's position is stored in PostgreSQL, so the copy of chDB holds
 * at least what that position says, and anything after it is delivered again on the restored
 * product's start, which the projector absorbs (a redelivery rewrites the same event ids).
 */
export async function writeBackup(sources: BackupSources): Promise<Readable> {
  // Built inside DATA_DIR (mode 700), so the copy of personal data and secrets never leaves it.
  const work = mkdtempSync(join(sources.dataDir, '.backup-'));
  try {
    const postgresVersion = (await sources.sql.query<{ v: string }>('SHOW server_version')).rows[0]?.v ?? '';
    const database = await sources.sql.dumpDataDir();
    writeFileSync(join(work, PGLITE_ARCHIVE), Buffer.from(await database.arrayBuffer()));

    let analytics: BackupManifest['analytics'];
    if (sources.analytics) {
      mkdirSync(join(work, 'analytics'));
      const tables: NonNullable<BackupManifest['analytics']>['tables'] = {};
      for (const [table, text] of Object.entries(await sources.analytics.exportSources())) {
        const file = `analytics/${table}.jsonl`;
        writeFileSync(join(work, file), text);
        tables[table] = { file, rows: text.split('\n').filter(Boolean).length };
      }
      analytics = { database: sources.analytics.database, tables };
    }

    mkdirSync(join(work, 'secrets'));
    const secrets = readdirSync(sources.dataDir).filter(
      (name) =>
        !sources.exclude.includes(name) &&
        !name.startsWith('.backup-') &&
        statSync(join(sources.dataDir, name)).isFile(),
    );
    for (const name of secrets) copyFileSync(join(sources.dataDir, name), join(work, 'secrets', name));

    const manifest: BackupManifest = {
      format: 'risk-profile-embedded-backup',
      formatVersion: 1,
      createdAt: new Date().toISOString(),
      postgresVersion,
      database: PGLITE_ARCHIVE,
      analytics,
      secrets,
    };
    writeFileSync(join(work, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    const entries = readdirSync(work);
    // The manifest first, so a reader of the stream learns what follows before it follows.
    const ordered = [MANIFEST, ...entries.filter((entry) => entry !== MANIFEST)];
    return Readable.from(packAndRemove(work, ordered));
  } catch (error) {
    rmSync(work, { recursive: true, force: true });
    throw error;
  }
}

async function* packAndRemove(work: string, entries: string[]): AsyncGenerator<Buffer> {
  try {
    yield* tar.create({ gzip: true, cwd: work, portable: true }, entries);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** A restore that must not go ahead; its message says why, for the operator. */
export class RestoreRefusedError extends Error {}

/**
 * Restores a backup into `dataDir`, which must be absent or empty: the PGlite database, chDB's
 * tables (the folded ones rebuilt by their materialized views) and the secrets. A failure
 * leaves the folder empty again, so the same command can be run once the cause is fixed.
 */
export async function restoreBackup(file: string, dataDir: string): Promise<BackupManifest> {
  if (!existsSync(file)) throw new RestoreRefusedError(`${file} does not exist`);
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) {
    throw new RestoreRefusedError(
      `DATA_DIR ${dataDir} is not empty: a restore only goes into an empty folder (move the current one aside, or name a new DATA_DIR)`,
    );
  }
  mkdirSync(dataDir, { recursive: true });
  const work = mkdtempSync(join(dataDir, '.restore-'));
  try {
    try {
      await tar.extract({ file, cwd: work, strict: true });
    } catch (error) {
      throw new RestoreRefusedError(`${file} is not a backup archive (${(error as Error).message})`);
    }
    const manifest = readManifest(join(work, MANIFEST), file);
    for (const name of manifest.secrets) {
      if (basename(name) !== name) throw new RestoreRefusedError(`${file} names a secret outside DATA_DIR`);
      copyFileSync(join(work, 'secrets', name), join(dataDir, name));
      chmodSync(join(dataDir, name), 0o600);
    }
    await PgliteSqlClient.restore(
      join(dataDir, 'pglite'),
      new Blob([readFileSync(join(work, manifest.database))]),
    );
    if (manifest.analytics) {
      const store = await ClickHouseAnalyticsStore.openEmbedded(
        join(dataDir, 'clickhouse'),
        manifest.analytics.database,
      );
      try {
        const tables: Record<string, string> = {};
        for (const [table, { file: rows }] of Object.entries(manifest.analytics.tables)) {
          tables[table] = readFileSync(join(work, rows), 'utf8');
        }
        await store.importSources(tables);
      } finally {
        await store.close();
      }
    }
    return manifest;
  } catch (error) {
    for (const entry of readdirSync(dataDir)) rmSync(join(dataDir, entry), { recursive: true, force: true });
    throw error;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

function readManifest(path: string, file: string): BackupManifest {
  const manifest = existsSync(path)
    ? (JSON.parse(readFileSync(path, 'utf8')) as Partial<BackupManifest>)
    : {};
  if (manifest.format !== 'risk-profile-embedded-backup') {
    throw new RestoreRefusedError(`${file} is not a Risk Profile backup (it has no backup manifest)`);
  }
  if (manifest.formatVersion !== 1) {
    throw new RestoreRefusedError(
      `${file} is a backup of format ${manifest.formatVersion}, which this version cannot read`,
    );
  }
  return manifest as BackupManifest;
}
