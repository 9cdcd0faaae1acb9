import { closeSync, fdatasyncSync, openSync } from 'node:fs';
import { open } from 'node:fs/promises';

/** Syncs one file to the disk by its path (data and the metadata reading it back needs). */
export type PathSync = {
  now(path: string): void;
  later(path: string): Promise<void>;
};

const pathSync: PathSync = {
  now(path) {
    let fd: number;
    try {
      fd = openSync(path, 'r');
    } catch (error) {
      if (isGone(error)) return;
      throw error;
    }
    try {
      fdatasyncSync(fd);
    } finally {
      closeSync(fd);
    }
  },
  async later(path) {
    const file = await open(path, 'r').catch((error: unknown) => {
      if (isGone(error)) return null;
      throw error;
    });
    if (!file) return;
    try {
      await file.datasync();
    } finally {
      await file.close();
    }
  },
};

/**
 * Group commit for the embedded database (PostgreSQL's `commit_delay` idea, done where PGlite
 * can do it). PGlite is one PostgreSQL backend running on the event loop, and its file system
 * calls are synchronous: a commit's WAL fsync there would block every request for the length of
 * a disk flush, once per commit. Instead, a WAL fsync that PostgreSQL asks for is noted and
 * answered at once (its bytes are already written to the OS, so a crash of the process loses
 * nothing), and the adapter acknowledges no statement before `durable()`: one asynchronous
 * fdatasync on libuv's thread pool covers every commit written before it started, so commits that
 * arrive together share one flush and the event loop never waits for the disk.
 *
 * What PostgreSQL orders against the WAL stays ordered on the disk: before any other file is
 * written or synced (a data page, pg_control, the commit log), every WAL file noted so far is
 * synced first, synchronously. So a checkpoint, or a page written out of shared buffers, never
 * reaches the disk ahead of the WAL that describes it, as with a synchronous fsync.
 */
export class WalGroupSync {
  /** WAL files written since the last flush started. */
  private pending = new Set<string>();
  /** WAL files the flush in progress is syncing. */
  private syncing = new Set<string>();
  private inFlight: Promise<void> | null = null;
  private next: Promise<void> | null = null;

  constructor(private readonly sync: PathSync = pathSync) {}

  /** From the file system's fsync: true when the WAL file's sync was deferred to `durable()`. */
  deferFsync(path: string): boolean {
    if (!isWal(path)) {
      this.flushNow();
      return false;
    }
    this.pending.add(path);
    return true;
  }

  /** From the file system's write: WAL first, before a write to any other file. */
  beforeWrite(path: string): void {
    if ((this.pending.size > 0 || this.syncing.size > 0) && !isWal(path)) this.flushNow();
  }

  /** Resolves once every WAL byte written so far is on the disk. */
  durable(): Promise<void> {
    if (this.pending.size === 0) return this.inFlight ?? Promise.resolve();
    if (!this.inFlight) return this.start();
    // A flush is running, possibly begun before these bytes were written: the next one covers them.
    this.next ??= this.inFlight.then(
      () => this.start(),
      () => this.start(),
    );
    return this.next;
  }

  /** Every noted WAL file synced now, on this thread (before another file, and at close). */
  flushNow(): void {
    for (const path of new Set([...this.syncing, ...this.pending])) this.sync.now(path);
    this.pending.clear();
  }

  private start(): Promise<void> {
    this.next = null;
    if (this.pending.size === 0) {
      this.inFlight = null;
      return Promise.resolve();
    }
    this.syncing = this.pending;
    this.pending = new Set();
    const paths = [...this.syncing];
    const flight: Promise<void> = Promise.all(paths.map((path) => this.sync.later(path))).then(
      () => this.finish(flight),
      (error: unknown) => {
        // Not on the disk: the next flush tries these files again.
        for (const path of paths) this.pending.add(path);
        this.finish(flight);
        throw error;
      },
    );
    this.inFlight = flight;
    return flight;
  }

  private finish(flight: Promise<void>): void {
    if (this.inFlight !== flight) return;
    this.inFlight = null;
    this.syncing = new Set();
  }
}

function isWal(path: string): boolean {
  return path.includes('/pg_wal/') || path.endsWith('/pg_wal');
}

function isGone(error: unknown): boolean {
  // A WAL segment a checkpoint removed was synced by that checkpoint's own rules.
  return (error as NodeJS.ErrnoException).code === 'ENOENT';
}
