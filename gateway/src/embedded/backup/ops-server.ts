import { randomBytes, timingSafeEqual } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Logger } from '@risk-profile/platform';
import { type BackupSources, writeBackup } from './backup-archive';

/** DATA_DIR/ops.json: where the running product's ops endpoint listens, and its token. */
export const OPS_FILE = 'ops.json';

export interface OpsFile {
  port: number;
  token: string;
}

export interface OpsServer {
  port: number;
  stop(): Promise<void>;
}

/**
 * The embedded product's operations endpoint (`POST /backup`): its own listener on the loopback
 * interface, never mounted on the public app, so no route of the site leads to it. Its token is
 * new at each start and written to DATA_DIR/ops.json (mode 600): whoever can read DATA_DIR can
 * take a backup, as they could copy the folder; nobody else can, even on the same machine.
 */
export async function startOpsServer(options: {
  dataDir: string;
  port: number;
  sources: BackupSources;
  logger: Logger;
  /** Why this product cannot take a consistent backup, if it cannot: every backup is refused (409) with it. */
  refusal?: string;
}): Promise<OpsServer> {
  const token = randomBytes(32).toString('base64url');
  const expected = Buffer.from(`Bearer ${token}`);
  let running: Promise<void> | undefined;

  const server: Server = createServer((req, res) => {
    const answer = (status: number, error: string) => {
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ error }));
    };
    const given = Buffer.from(req.headers.authorization ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return answer(401, `a backup needs the token in ${join(options.dataDir, OPS_FILE)}`);
    }
    if (req.url !== '/backup') return answer(404, 'not found (the ops endpoint serves POST /backup)');
    if (req.method !== 'POST') return answer(405, 'use POST /backup');
    if (options.refusal) return answer(409, options.refusal);
    if (running) return answer(409, 'a backup is already being taken');
    running = (async () => {
      const started = Date.now();
      try {
        const archive = await writeBackup(options.sources);
        res.writeHead(200, { 'content-type': 'application/gzip' });
        await pipeline(archive, res);
        options.logger.info({ ms: Date.now() - started }, 'backup taken');
      } catch (error) {
        options.logger.error({ err: error }, 'backup failed');
        if (!res.headersSent) answer(500, 'the backup failed; the product log says why');
        else res.destroy();
      }
    })().finally(() => {
      running = undefined;
    });
  });
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(options.port, '127.0.0.1', done);
  });
  const { port } = server.address() as AddressInfo;
  const file = join(options.dataDir, OPS_FILE);
  writeFileSync(file, `${JSON.stringify({ port, token } satisfies OpsFile)}\n`, { mode: 0o600 });
  return {
    port,
    stop: async () => {
      rmSync(file, { force: true });
      await running;
      await new Promise<void>((done) => server.close(() => done()));
    },
  };
}
