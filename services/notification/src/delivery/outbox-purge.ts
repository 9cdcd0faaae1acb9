import { readdir, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from '@risk-profile/platform';

/** The outbox adapters' files: emails, text messages, and the temporaries of an interrupted write. */
const OUTBOX_FILE = /\.(eml|sms\.json)(\.tmp)?$/;

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * Deletes the outbox files written before `before`; returns how many. The files hold whole
 * messages (names, answers, the report), so they are kept no longer than the database keeps a
 * message's content. Age is the file's modification time, which the atomic write sets when the
 * message is handed over; a file another process deleted first is not an error.
 */
export async function purgeOutbox(dir: string, before: Date): Promise<number> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if (isMissing(error)) return 0;
    throw error;
  }
  let purged = 0;
  for (const name of names) {
    if (!OUTBOX_FILE.test(name)) continue;
    const path = join(dir, name);
    try {
      if ((await stat(path)).mtimeMs >= before.getTime()) continue;
      await unlink(path);
      purged += 1;
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
  }
  return purged;
}

export interface OutboxPurge {
  stop(): Promise<void>;
}

/**
 * Purges the outbox now and every `intervalMs`. Every process runs it on the folder in its own
 * data folder, which holds what its sender (and any earlier run's) wrote.
 */
export function startOutboxPurge(options: {
  dir: string;
  retentionMs: number;
  intervalMs: number;
  clock: () => Date;
  logger: Logger;
}): OutboxPurge {
  const { dir, retentionMs, intervalMs, clock, logger } = options;
  let busy: Promise<void> | undefined;
  const run = () => {
    // One purge at a time: a slow disk must not stack them up.
    if (busy) return;
    busy = purgeOutbox(dir, new Date(clock().getTime() - retentionMs))
      .then(
        (purged) => {
          if (purged > 0) logger.info({ purged, dir }, 'outbox files purged');
        },
        (error: unknown) => logger.warn({ err: error, dir }, 'outbox purge failed; trying again later'),
      )
      .finally(() => {
        busy = undefined;
      });
  };
  run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await busy;
    },
  };
}
