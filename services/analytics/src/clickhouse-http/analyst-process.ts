import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Logger } from '@risk-profile/platform';
import {
  type AnalystWorkerSettings,
  type FromWorker,
  type ToWorker,
  WORKER_SETTINGS_ENV,
} from '../analyst-worker/worker-protocol';
import type { ClickHouseAnalyticsStore } from '../store/clickhouse-analytics-store.adapter';
import type { EngineEndpoint } from './analyst-engine';

/** The file name of the analysts' engine bundle, beside each server entry (scripts/lib/paths.mjs). */
export const ANALYST_WORKER_BUNDLE = 'analyst-worker.mjs';

/** The analysts' engine bundled beside a server entry, if the build put it there. */
export function analystWorkerBeside(entryUrl: string): URL | undefined {
  const script = new URL(`./${ANALYST_WORKER_BUNDLE}`, entryUrl);
  return existsSync(fileURLToPath(script)) ? script : undefined;
}

/** Letters, digits and underscores only: ClickHouse escapes any other character in the folder's name. */
const SNAPSHOT_PREFIX = 'analysts_';
const RESTART_DELAYS_MS = [100, 1_000, 5_000];

/**
 * The analysts' engine process (docs/analyst-access.md, "Where analysts' queries run"): started
 * by the analytics service, restarted by it when it dies (a memory bomb, a crash), at nice 19,
 * with chDB on a replica of the analytics tables in a directory of its own. The product's store
 * is frozen every `refreshMs` and the worker links the new parts in: analysts see data at most
 * one refresh (plus the refresh's own time) older than the dashboard's.
 */
export class AnalystProcess {
  private child: ChildProcess | undefined;
  private endpointNow: EngineEndpoint | undefined;
  private stopped = false;
  private failures = 0;
  private timer: NodeJS.Timeout | undefined;
  private syncId = 0;
  private readonly waiting = new Map<number, (reply: Extract<FromWorker, { type: 'synced' }>) => void>();
  private refreshing: Promise<void> | undefined;
  /** Resolves when the first refresh after a (re)start has landed. */
  private firstSync: Promise<void> = Promise.resolve();

  private constructor(
    private readonly options: {
      script: URL;
      store: ClickHouseAnalyticsStore;
      storePath: string;
      settings: Omit<AnalystWorkerSettings, 'secret'>;
      refreshMs: number;
      logger: Logger;
    },
  ) {}

  static async start(options: AnalystProcess['options']): Promise<AnalystProcess> {
    const process = new AnalystProcess(options);
    process.removeSnapshots();
    await process.spawn();
    return process;
  }

  /** Where to send queries: undefined while the worker (re)starts. */
  endpoint(): EngineEndpoint | undefined {
    return this.endpointNow;
  }

  /** Waits until the replica holds what the store held at this call (tests, and the first query). */
  async refreshed(): Promise<void> {
    await this.firstSync;
    await this.refresh();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.refreshing?.catch(() => {});
    const child = this.child;
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    this.removeSnapshots();
  }

  private async spawn(): Promise<void> {
    const secret = randomBytes(24).toString('base64url');
    const settings: AnalystWorkerSettings = { ...this.options.settings, secret };
    const child = fork(fileURLToPath(this.options.script), [], {
      env: { ...process.env, [WORKER_SETTINGS_ENV]: JSON.stringify(settings) },
      execArgv: [],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    this.child = child;
    const ready = new Promise<number>((resolve, reject) => {
      child.on('message', (message: FromWorker) => {
        if (message.type === 'ready') resolve(message.port);
        else if (message.type === 'synced') {
          this.waiting.get(message.id)?.(message);
          this.waiting.delete(message.id);
        }
      });
      child.once('exit', (code, signal) =>
        reject(new Error(`exited (${signal ?? code}) before it was ready`)),
      );
    });
    child.once('exit', (code, signal) => this.exited(child, code, signal));
    const port = await ready;
    this.endpointNow = { url: `http://127.0.0.1:${port}/`, user: 'product', password: secret };
    this.failures = 0;
    this.firstSync = this.refresh();
    clearInterval(this.timer);
    this.timer = setInterval(() => void this.refresh(), this.options.refreshMs);
    this.timer.unref();
    await this.firstSync;
  }

  private exited(child: ChildProcess, code: number | null, signal: NodeJS.Signals | null): void {
    if (this.child !== child) return;
    this.endpointNow = undefined;
    for (const resolve of this.waiting.values())
      resolve({ type: 'synced', id: -1, error: 'the worker exited' });
    this.waiting.clear();
    if (this.stopped) return;
    const delay = RESTART_DELAYS_MS[Math.min(this.failures++, RESTART_DELAYS_MS.length - 1)]!;
    this.options.logger.warn(
      { code, signal, restartInMs: delay },
      'the analysts’ engine process exited: restarting it',
    );
    setTimeout(() => {
      if (this.stopped) return;
      this.spawn().catch((error: unknown) => {
        this.options.logger.error({ err: error }, 'the analysts’ engine process did not start');
      });
    }, delay).unref();
  }

  /** One refresh at a time; a call during one waits for the next. */
  private refresh(): Promise<void> {
    const previous = this.refreshing ?? Promise.resolve();
    const next = previous
      .catch(() => {})
      .then(() => this.refreshOnce())
      .catch((error: unknown) => {
        if (!this.stopped)
          this.options.logger.warn({ err: error }, 'the analysts’ replica was not refreshed');
      });
    this.refreshing = next;
    return next;
  }

  private async refreshOnce(): Promise<void> {
    const child = this.child;
    if (this.stopped || !child?.connected) return;
    const { store } = this.options;
    const name = `${SNAPSHOT_PREFIX}${process.pid}_${++this.syncId}`;
    try {
      const tables = await store.freeze(name);
      const reply = await new Promise<Extract<FromWorker, { type: 'synced' }>>((resolve) => {
        this.waiting.set(this.syncId, resolve);
        const message: ToWorker = {
          type: 'sync',
          id: this.syncId,
          snapshot: join(this.options.storePath, 'shadow', name),
          tables,
        };
        child.send(message, (error) => {
          if (error) resolve({ type: 'synced', id: message.id, error: error.message });
        });
      });
      if (reply.error) throw new Error(reply.error);
    } finally {
      rmSync(join(this.options.storePath, 'shadow', name), { recursive: true, force: true });
    }
  }

  /** Snapshots a stopped product left behind (their links would keep deleted parts' files). */
  private removeSnapshots(): void {
    const shadow = join(this.options.storePath, 'shadow');
    if (!existsSync(shadow)) return;
    for (const entry of readdirSync(shadow)) {
      if (entry.startsWith(SNAPSHOT_PREFIX)) rmSync(join(shadow, entry), { recursive: true, force: true });
    }
  }
}
