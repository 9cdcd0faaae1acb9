import { randomUUID } from 'node:crypto';
import {
  closeSync,
  openSync,
  readFileSync,
  readlinkSync,
  statSync,
  unlinkSync,
  utimesSync,
  writeSync,
} from 'node:fs';
import { hostname } from 'node:os';
import { setTimeout as delay } from 'node:timers/promises';
import type { Logger } from '@risk-profile/platform';

export interface JournalLock {
  /** Stops renewing the lock and removes its file (while it is still this holder's). */
  release(): void;
}

interface Holder {
  pid: number;
  /** The host and pid namespace the pid belongs to (see machineKey). */
  machine: string;
  token: string;
}

/** Paths this process holds: a second open of one in the same process is a mistake, refused at once. */
const heldHere = new Set<string>();

/**
 * Where a pid means something: the host name and, on Linux, the pid namespace, since containers
 * that share a volume may share a host name and each have a pid 1.
 */
export function machineKey(): string {
  let namespace = '';
  try {
    namespace = readlinkSync('/proc/self/ns/pid');
  } catch {}
  return `${hostname()} ${namespace}`;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readHolder(path: string): Partial<Holder> {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as Partial<Holder>;
  } catch {
    // Gone since, or caught between its creation and its one write: its mtime decides.
    return {};
  }
}

const mtimeOf = (path: string): number | undefined => {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return undefined;
  }
};

/**
 * Takes `<path>.lock` for this process, so that one process at a time uses the journal at
 * `path` (two instances sharing a DATA_DIR would each record, and forget, the other's sends).
 * The file names its holder and is touched every quarter of `staleMs`. An existing lock is
 * taken over at once when its holder is provably gone (a pid of this machine that no longer
 * runs, or this process's own pid, left by an earlier process in a container that restarted);
 * otherwise it is watched for `staleMs`: left untouched, it is stale and taken over (a holder on
 * another host, killed), and touched meanwhile, it is held by a live process and this one refuses
 * to start with a clear error.
 */
export async function lockJournal(
  path: string,
  options: { logger: Logger; staleMs?: number },
): Promise<JournalLock> {
  const lockPath = `${path}.lock`;
  const staleMs = options.staleMs ?? 10_000;
  const me: Holder = { pid: process.pid, machine: machineKey(), token: randomUUID() };
  if (heldHere.has(lockPath)) {
    throw new Error(`The sent-journal ${path} is already open in this process`);
  }
  for (let attempt = 0; ; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx');
      try {
        writeSync(fd, JSON.stringify(me));
      } finally {
        closeSync(fd);
      }
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 3) throw error;
    }
    const holder = readHolder(lockPath);
    const gone =
      holder.machine === me.machine &&
      typeof holder.pid === 'number' &&
      (holder.pid === me.pid ? !heldHere.has(lockPath) : !isAlive(holder.pid));
    if (!gone && (await renewedWithin(lockPath, staleMs))) {
      throw new Error(
        `The data folder of ${path} is in use by another running notification process ` +
          `(pid ${holder.pid ?? 'unknown'} on ${holder.machine?.split(' ')[0] || 'an unknown host'}): ` +
          `its lock ${lockPath} is being renewed. Give each notification instance its own DATA_DIR.`,
      );
    }
    if (mtimeOf(lockPath) === undefined) continue;
    options.logger.info(
      { lock: lockPath, holder },
      'taking over the sent-journal lock of a process that stopped',
    );
    try {
      unlinkSync(lockPath);
    } catch {}
  }
  heldHere.add(lockPath);

  let lost = false;
  const ours = () => readHolder(lockPath).token === me.token;
  const timer = setInterval(() => {
    if (lost) return;
    try {
      if (!ours()) throw new Error('the lock file now names another process');
      const now = new Date();
      utimesSync(lockPath, now, now);
    } catch (error) {
      lost = true;
      options.logger.error(
        { err: error, lock: lockPath },
        'the sent-journal lock was lost: another process may be using this DATA_DIR',
      );
    }
  }, staleMs / 4);
  timer.unref();
  return {
    release() {
      clearInterval(timer);
      heldHere.delete(lockPath);
      if (!lost && ours()) unlinkSync(lockPath);
    },
  };
}

/** Whether the lock file is touched (or replaced) within `staleMs`, watched on its own times, not this host's clock. */
async function renewedWithin(lockPath: string, staleMs: number): Promise<boolean> {
  const first = mtimeOf(lockPath);
  if (first === undefined) return false;
  const until = Date.now() + staleMs;
  while (Date.now() < until) {
    await delay(Math.min(staleMs / 10, 500));
    const now = mtimeOf(lockPath);
    if (now === undefined) return false;
    if (now !== first) return true;
  }
  return false;
}
