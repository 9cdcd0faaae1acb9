import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { PgSqlClient } from '@risk-profile/platform';
import { inheritedEnvironment } from '@risk-profile/platform/testing';

export const ROOT = resolve(import.meta.dirname, '../..');
export const SERVER_DIST = join(ROOT, 'dist/server');

/** The built deployables (scripts/lib/paths.mjs serverEntries), each `node dist/server/<name>.mjs`. */
export type DeployableName = 'gateway' | 'assessment' | 'adviser' | 'notification' | 'analytics' | 'embedded';

const BUNDLES: readonly DeployableName[] = ['gateway', 'assessment', 'adviser', 'notification', 'analytics'];

/** Why the built bundles cannot be started here, or undefined when they can. */
export function bundlesSkipReason(names: readonly DeployableName[] = BUNDLES): string | undefined {
  const missing = names.filter((name) => !existsSync(join(SERVER_DIST, `${name}.mjs`)));
  if (missing.length === 0 && existsSync(join(SERVER_DIST, 'report-composer.mjs'))) return undefined;
  return `server bundles not built (npm run build makes dist/server; missing ${[...missing, 'report-composer'].join(', ')})`;
}

export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
    server.once('error', fail);
  });
}

/** A secret of the length the services ask for (session and link keys). */
export const testSecret = () => randomBytes(32).toString('hex');

const LOG_LINES_KEPT = 300;

/** One deployable in its own OS process, on its own port and data folder. */
export interface Deployable {
  readonly label: string;
  readonly url: string;
  readonly port: number;
  /** The current process's id (a restart changes it). */
  readonly pid: number | undefined;
  readonly dataDir: string;
  /** What it was started with (PORT, HOST and DATA_DIR are set per instance). */
  readonly env: Record<string, string>;
  /** The last lines it printed, across restarts, each prefixed with its label. */
  logs(): string[];
  /** SIGKILL, and waits for the exit: no graceful stop runs. */
  kill(): Promise<void>;
  /** Starts it again with the same environment, port and data folder, and waits for /readyz. */
  restart(): Promise<void>;
  /** SIGTERM (its graceful stop), then SIGKILL if it has not exited within `graceMs`. */
  stop(graceMs?: number): Promise<void>;
  /** stop(), then removes its data folder. */
  dispose(): Promise<void>;
}

export interface DeployableOptions {
  /** Shown in logs and errors, e.g. "assessment-2". */
  label?: string;
  env: Record<string, string>;
  /** The port to listen on; a free one when absent. */
  port?: number;
  /** A data folder to reuse; a fresh temporary one when absent (removed by dispose). */
  dataDir?: string;
  readyTimeoutMs?: number;
  /** Extra node flags, e.g. ["--cpu-prof"]. */
  nodeArgs?: readonly string[];
}

/**
 * Starts `node dist/server/<name>.mjs` with `env` plus PORT, HOST and DATA_DIR, and resolves once
 * its /readyz answers 200. Output is kept (the last lines) for a failure report; a process that
 * exits during its start fails with them.
 */
export async function startDeployable(name: DeployableName, options: DeployableOptions): Promise<Deployable> {
  const label = options.label ?? name;
  const port = options.port ?? (await freePort());
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), `risk-profile-${label}-`));
  const ownsDataDir = options.dataDir === undefined;
  const url = `http://127.0.0.1:${port}`;
  const readyTimeoutMs = options.readyTimeoutMs ?? 90_000;
  const lines: string[] = [];
  let child: ChildProcess | undefined;

  const keep = (prefix: string) => {
    let partial = '';
    return (chunk: Buffer) => {
      const text = partial + chunk.toString('utf8');
      const parts = text.split('\n');
      partial = parts.pop() ?? '';
      for (const line of parts) lines.push(`[${label}${prefix}] ${line}`);
      if (lines.length > LOG_LINES_KEPT) lines.splice(0, lines.length - LOG_LINES_KEPT);
    };
  };

  const launch = async () => {
    const started = spawn(process.execPath, [...(options.nodeArgs ?? []), join(SERVER_DIST, `${name}.mjs`)], {
      cwd: ROOT,
      env: {
        ...inheritedEnvironment(),
        ...options.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = started;
    started.stdout?.on('data', keep(''));
    started.stderr?.on('data', keep(' stderr'));
    const deadline = Date.now() + readyTimeoutMs;
    while (Date.now() < deadline) {
      if (started.exitCode !== null || started.signalCode !== null) {
        throw new Error(
          `${label} exited (${started.exitCode ?? started.signalCode}) during its start:\n${lines.slice(-40).join('\n')}`,
        );
      }
      try {
        const res = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2_000) });
        await res.body?.cancel();
        if (res.status === 200) return;
      } catch {
        // not listening yet
      }
      await delay(100);
    }
    await signalAndWait(started, 'SIGKILL');
    throw new Error(`${label} was not ready within ${readyTimeoutMs} ms:\n${lines.slice(-40).join('\n')}`);
  };

  const deployable: Deployable = {
    label,
    url,
    port,
    dataDir,
    env: options.env,
    get pid() {
      return child?.pid;
    },
    logs: () => [...lines],
    kill: async () => {
      if (child) await signalAndWait(child, 'SIGKILL');
    },
    restart: async () => {
      if (child) await signalAndWait(child, 'SIGKILL');
      lines.push(`[${label}] --- restarted ---`);
      await launch();
    },
    stop: async (graceMs = 15_000) => {
      if (!child) return;
      const stopping = child;
      const exited = signalAndWait(stopping, 'SIGTERM');
      const timer = setTimeout(() => stopping.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    },
    dispose: async () => {
      await deployable.stop();
      if (ownsDataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
  try {
    await launch();
  } catch (error) {
    if (ownsDataDir) rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return deployable;
}

/** Sends `signal` unless the process has already exited, and resolves once it has. */
function signalAndWait(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  child.kill(signal);
  return exited;
}

/** A fresh database on the PostgreSQL server of `serverUrl` (its own database, not a schema). */
export interface TestDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

export async function createTestDatabase(serverUrl: string, prefix: string): Promise<TestDatabase> {
  const name = `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = PgSqlClient.open(serverUrl, { max: 1 });
  try {
    await admin.exec(`CREATE DATABASE ${name}`);
  } finally {
    await admin.close();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: async () => {
      const client = PgSqlClient.open(serverUrl, { max: 1 });
      try {
        await client.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.close();
      }
    },
  };
}
