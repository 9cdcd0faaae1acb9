import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Logger } from '@risk-profile/platform';
import type { ComposerOptions } from './compose';
import type { Delivery } from './deliveries';
import { DeliveryError } from './delivery-error';
import type { ComposedMessage, Composer } from './sender';

export interface ComposeRequest {
  id: number;
  delivery: Delivery;
}
export type ComposeReply = { id: number; composed: ComposedMessage } | { id: number; error: string };

export interface WorkerComposerOptions extends ComposerOptions {
  /** The bundled worker entry (report-composer.mjs, built from compose-worker.ts). */
  script: URL;
  logger: Logger;
  /** The worker is stopped after this long without a request, and started again by the next one. */
  idleMs?: number;
  /**
   * A worker holding requests that answers none for this long is stopped and its requests fail
   * as transient (retried with backoff), so one message that never finishes rendering cannot
   * hold up every delivery after it.
   */
  replyWithinMs?: number;
}

export interface WorkerComposer {
  compose: Composer;
  /** Stops the worker; requests still waiting fail as transient (their deliveries are retried). */
  close(): Promise<void>;
}

interface Pending {
  /** The worker the request went to: only its own end fails it. */
  worker: Worker;
  resolve: (composed: ComposedMessage) => void;
  reject: (error: unknown) => void;
}

/**
 * Composes messages in a worker thread. A report is costly synchronous work (React Email, the
 * PDF, MIME): on the event loop it competes with every client's request, here it runs on the
 * other core, and at the background threads' lower priority (BACKGROUND_THREAD_NICE) it takes
 * what requests leave. The worker starts with the first message and stops when idle, so a quiet
 * product holds no second JavaScript heap.
 *
 * A message the worker cannot render fails as it would on the event loop (permanent); a worker
 * that dies, or holds requests without answering for `replyWithinMs`, fails the requests it held
 * as transient, and the next request starts a new one.
 */
export function workerComposer(options: WorkerComposerOptions): WorkerComposer {
  const { script, logger, timeZone, from } = options;
  if (!existsSync(fileURLToPath(script))) {
    throw new Error(`the report composer's worker entry is missing: ${fileURLToPath(script)}`);
  }
  const idleMs = options.idleMs ?? 30_000;
  const replyWithinMs = options.replyWithinMs ?? 60_000;
  const pending = new Map<number, Pending>();
  let nextId = 0;
  let worker: Worker | undefined;
  let idleTimer: NodeJS.Timeout | undefined;
  let replyTimer: NodeJS.Timeout | undefined;
  let closed = false;

  /** Fails the requests of one worker (all when none is named) and lets that worker go. */
  const fail = (error: DeliveryError, of?: Worker) => {
    if (of && worker === of) worker = undefined;
    for (const [id, waiting] of pending) {
      if (of && waiting.worker !== of) continue;
      pending.delete(id);
      waiting.reject(error);
    }
    afterProgress();
  };
  /** Watches for answers while requests wait; stops the worker once none are left. */
  const afterProgress = () => {
    clearTimeout(replyTimer);
    replyTimer = undefined;
    if (pending.size > 0) {
      replyTimer = setTimeout(() => {
        const stuck = worker;
        if (!stuck) return;
        logger.error({ replyWithinMs, waiting: pending.size }, 'report composer worker stopped answering');
        fail(
          new DeliveryError('transient', `the report composer did not answer within ${replyWithinMs} ms`),
          stuck,
        );
        void stuck.terminate();
      }, replyWithinMs);
      replyTimer.unref();
      return;
    }
    clearTimeout(idleTimer);
    idleTimer = setTimeout(() => {
      if (pending.size > 0 || !worker) return;
      const idle = worker;
      worker = undefined;
      void idle.terminate();
    }, idleMs);
    idleTimer.unref();
  };
  const start = (): Worker => {
    const started = new Worker(script, { workerData: { timeZone, from } satisfies ComposerOptions });
    // An idle worker does not keep the process alive; requests under way hold their own callers.
    started.unref();
    started.on('message', (reply: ComposeReply) => {
      const waiting = pending.get(reply.id);
      if (!waiting) return;
      pending.delete(reply.id);
      if ('error' in reply) waiting.reject(new Error(reply.error));
      else waiting.resolve(withBuffer(reply.composed));
      afterProgress();
    });
    started.on('error', (error) => {
      logger.error({ err: error }, 'report composer worker failed');
      fail(
        new DeliveryError('transient', `the report composer failed: ${error.message}`, { cause: error }),
        started,
      );
    });
    started.on('exit', (code) => {
      fail(new DeliveryError('transient', `the report composer stopped (exit code ${code})`), started);
    });
    return started;
  };

  return {
    compose(delivery) {
      if (closed) return Promise.reject(new DeliveryError('transient', 'the report composer is stopped'));
      clearTimeout(idleTimer);
      worker ??= start();
      const to = worker;
      const id = nextId++;
      const request: ComposeRequest = { id, delivery };
      return new Promise<ComposedMessage>((resolve, reject) => {
        pending.set(id, { worker: to, resolve, reject });
        if (pending.size === 1) afterProgress();
        to.postMessage(request);
      });
    },
    async close() {
      closed = true;
      const stopping = worker;
      fail(new DeliveryError('transient', 'the report composer is stopped'));
      clearTimeout(idleTimer);
      worker = undefined;
      await stopping?.terminate();
    },
  };
}

/** The file name of the report composer's bundle, beside each server entry (scripts/lib/paths.mjs). */
export const REPORT_COMPOSER_BUNDLE = 'report-composer.mjs';

/**
 * The report composer's bundle beside the calling entry, given its `import.meta.url`; undefined
 * when the entry runs from its TypeScript source (tests), which then renders on the event loop.
 */
export function reportComposerBeside(entryUrl: string): URL | undefined {
  const script = new URL(`./${REPORT_COMPOSER_BUNDLE}`, entryUrl);
  return existsSync(fileURLToPath(script)) ? script : undefined;
}

/** A Buffer crosses to this thread as a plain Uint8Array: give the transports their Buffer back. */
function withBuffer(composed: ComposedMessage): ComposedMessage {
  if (composed.channel !== 'email') return composed;
  const raw = composed.mail.raw as Uint8Array;
  return {
    ...composed,
    mail: { ...composed.mail, raw: Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength) },
  };
}
