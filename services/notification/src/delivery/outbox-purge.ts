import { stat } from 'node:fs/promises';
import type { Logger } from '@risk-profile/platform';
import { deleteOutboxFiles } from '../erasure/delivery-erasure';
import { deleteOutboxFilesWhere } from './outbox-files';

/** The outbox adapters' files: emails, text messages, and the temporaries of an interrupted write. */
const OUTBOX_FILE = /\.(eml|sms\.json)(\.tmp)?$/;

/**
 * Deletes the outbox files written before `before`; returns how many. The files hold whole
 * messages (names, answers, the report), so they are kept no longer than the database keeps a
 * message's content. Age is the file's modification time, which the atomic write sets when the
 * message is handed over; a file another process deleted first is not an error.
 */
export function purgeOutbox(dir: string, before: Date): Promise<number> {
  return deleteOutboxFilesWhere(
    dir,
    async (name, path) => OUTBOX_FILE.test(name) && (await stat(path)).mtimeMs < before.getTime(),
  );
}

export interface OutboxPurge {
  stop(): Promise<void>;
}

/**
 * Purges the outbox now and every `intervalMs`. Every process runs it on the folder in its own
 * data folder, which holds what its sender (and any earlier run's) wrote. `erasedSince` names the
 * deliveries erased since a time: their files go at once whatever their age, here too when
 * another instance consumed the erasure (or a send under way wrote its file after it).
 */
export function startOutboxPurge(options: {
  dir: string;
  retentionMs: number;
  intervalMs: number;
  clock: () => Date;
  logger: Logger;
  erasedSince?: (since: Date) => Promise<string[]>;
}): OutboxPurge {
  const { dir, retentionMs, intervalMs, clock, logger, erasedSince } = options;
  // A file of an erased delivery is younger than the retention plus a send's claim at most.
  const purge = async (now: Date): Promise<number> => {
    const erased = erasedSince ? await erasedSince(new Date(now.getTime() - 2 * retentionMs)) : [];
    return (
      (await deleteOutboxFiles(dir, erased)) + (await purgeOutbox(dir, new Date(now.getTime() - retentionMs)))
    );
  };
  let busy: Promise<void> | undefined;
  const run = () => {
    // One purge at a time: a slow disk must not stack them up.
    if (busy) return;
    busy = purge(clock())
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
