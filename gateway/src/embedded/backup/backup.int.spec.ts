import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { yesBody } from '@risk-profile/assessment/testing';
import { eventually, inheritedEnvironment } from '@risk-profile/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../../../..');
const SIGNED_BEFORE_BACKUP = 20;

const freePort = () =>
  new Promise<number>((done) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });

/** The product (`npm start`'s entry) in its own process, as an operator runs it. */
async function startProduct(dataDir: string): Promise<{ base: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, [join(ROOT, 'scripts/run-ts.mjs'), 'gateway/src/embedded/main.ts'], {
    cwd: ROOT,
    // Only what the test gives it: the bus and event store in PGlite, whatever CI exported (a bus
    // on Kafka would keep the read models' offsets outside the backup).
    env: {
      ...inheritedEnvironment(),
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_DATA: 'true',
      LOG_LEVEL: 'silent',
      RATE_LIMIT_PER_MINUTE: '100000',
      SIGN_RATE_LIMIT_PER_HOUR: '0',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  await eventually(async () => {
    expect((await fetch(`${base}/readyz`)).status).toBe(200);
  }, 90_000);
  return { base, child };
}

async function stopProduct(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((done) => child.once('exit', done));
  child.kill('SIGTERM');
  await exited;
}

/** `npm run <script> -- <file>` as an operator types it, with DATA_DIR from the environment. */
function npmRun(script: 'backup' | 'restore', file: string, dataDir: string) {
  const run = spawnSync(process.execPath, [join(ROOT, `scripts/${script}.mjs`), file], {
    cwd: ROOT,
    env: { ...inheritedEnvironment(), DATA_DIR: dataDir },
    encoding: 'utf8',
  });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

async function adminCookie(base: string): Promise<string> {
  const res = await fetch(`${base}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@example.com', password: 'admin-demo-2026' }),
  });
  expect(res.status).toBe(200);
  return (res.headers.get('set-cookie') ?? '').split(';')[0]!;
}

describe('npm run backup / npm run restore of the running embedded product', () => {
  const dirs: string[] = [];
  const tempDir = (prefix: string) => {
    const dir = mkdtempSync(join(tmpdir(), prefix));
    dirs.push(dir);
    return dir;
  };
  let source: { base: string; child: ChildProcess } | undefined;
  let restored: { base: string; child: ChildProcess } | undefined;
  let dataDir: string;
  let restoredDir: string | undefined;

  beforeAll(async () => {
    dataDir = tempDir('backup-source-');
    source = await startProduct(dataDir);
  }, 120_000);
  afterAll(async () => {
    await stopProduct(source?.child);
    await stopProduct(restored?.child);
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('backs up during signing load; the restored product holds every signature acknowledged before the backup began', async () => {
    const base = source!.base;
    const acknowledged: string[] = [];
    let stop = false;
    const client = async (c: number) => {
      for (let n = 0; !stop; n++) {
        const draft = await fetch(`${base}/api/assessments`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(
            yesBody({
              clientName: `Backup ${c}-${n}`,
              clientEmail: `backup-${c}-${n}@example.com`,
              sessionId: null,
            }),
          ),
        });
        // While the backup holds the database, the product may shed a request (503): only an
        // acknowledged signature counts.
        if (draft.status === 503) {
          await draft.body?.cancel();
          continue;
        }
        expect(draft.status).toBe(201);
        const { id } = (await draft.json()) as { id: string };
        const sign = await fetch(`${base}/api/assessments/${id}/sign`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ investmentExclusions: '', investmentPreferences: '', confirmed: true }),
        });
        await sign.body?.cancel();
        if (sign.status === 200) acknowledged.push(id);
        else expect(sign.status).toBe(503);
      }
    };
    const clients = Promise.all([0, 1, 2, 3].map(client));
    await eventually(async () => {
      expect(acknowledged.length).toBeGreaterThanOrEqual(SIGNED_BEFORE_BACKUP);
    }, 120_000);
    // Everything acknowledged before this instant must be in the backup; signing goes on meanwhile.
    const before = [...acknowledged];
    const file = join(tempDir('backup-file-'), 'risk-profile.tar.gz');
    const backup = npmRun('backup', file, dataDir);
    expect(backup.status, backup.output).toBe(0);
    stop = true;
    await clients;
    await stopProduct(source!.child);

    const target = tempDir('backup-restored-');
    restoredDir = target;
    const restore = npmRun('restore', file, target);
    expect(restore.status, restore.output).toBe(0);
    // The generated secrets came back: sessions and links issued before still verify.
    expect(readFileSync(join(target, 'secrets.json'), 'utf8')).toBe(
      readFileSync(join(dataDir, 'secrets.json'), 'utf8'),
    );

    restored = await startProduct(target);
    const cookie = await adminCookie(restored.base);
    // The records are a read model the bus feeds: what it had not read by the backup it reads from
    // the restored bus log after the start, so each record appears in its own time.
    await eventually(async () => {
      for (const id of before) {
        const res = await fetch(`${restored!.base}/api/admin/assessments/${id}`, { headers: { cookie } });
        expect(res.status, id).toBe(200);
        expect(((await res.json()) as { signedAt: string | null }).signedAt, id).toBeTruthy();
      }
      // On a loaded machine the restored product first catches up a backlog (reports to render,
      // the dashboard's projection) on the same two cores.
    }, 180_000);
    // The dashboard's figures came back with the analytics store: at least the signatures
    // acknowledged before the backup.
    await eventually(async () => {
      const res = await fetch(`${restored!.base}/api/admin/analytics/summary`, { headers: { cookie } });
      expect(res.status).toBe(200);
      const { signedAssessments } = (await res.json()) as { signedAssessments: number };
      expect(signedAssessments).toBeGreaterThanOrEqual(before.length);
      // At most every signature the clients sent (one each may have been shed after its commit).
      expect(signedAssessments).toBeLessThanOrEqual(acknowledged.length + 4);
    }, 60_000);
  }, 480_000);

  it('refuses to restore into a DATA_DIR that is not empty, and leaves it as it was', () => {
    const target = tempDir('backup-nonempty-');
    writeFileSync(join(target, 'keep.txt'), 'mine');
    const restore = npmRun('restore', join(target, 'keep.txt'), target);
    expect(restore.status).toBe(1);
    expect(restore.output).toContain(`DATA_DIR ${target} is not empty`);
    expect(readFileSync(join(target, 'keep.txt'), 'utf8')).toBe('mine');
  });

  it('serves backups only on its loopback ops port, only with the token', async () => {
    const product = restored ?? source!;
    const dir = restored ? restoredDir! : dataDir;
    const ops = JSON.parse(readFileSync(join(dir, 'ops.json'), 'utf8')) as { port: number; token: string };
    expect(ops.port).not.toBe(Number(new URL(product.base).port));
    const without = await fetch(`http://127.0.0.1:${ops.port}/backup`, { method: 'POST' });
    expect(without.status).toBe(401);
    expect(await without.json()).toEqual({ error: expect.stringContaining('token') });
    const wrong = await fetch(`http://127.0.0.1:${ops.port}/backup`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ops.token.replace(/.$/, (c) => (c === 'a' ? 'b' : 'a'))}` },
    });
    expect(wrong.status).toBe(401);
    // The public side has no such route, with or without the token.
    for (const path of ['/backup', '/api/backup', '/ops/backup']) {
      const res = await fetch(`${product.base}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${ops.token}` },
      });
      expect(res.status, path).not.toBe(200);
      expect(res.headers.get('content-type') ?? '').not.toContain('gzip');
    }
  });
});
