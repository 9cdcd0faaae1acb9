import { describe, expect, it } from 'vitest';
import { type PathSync, WalGroupSync } from './wal-group-sync';

const WAL = '/data/pglite/pg_wal/000000010000000000000001';
const TABLE = '/data/pglite/base/5/16384';

/** A disk whose asynchronous flushes finish only when the test says so. */
function fakeDisk() {
  const log: string[] = [];
  const waiting: Array<() => void> = [];
  const sync: PathSync = {
    now: (path) => void log.push(`now ${path}`),
    later: (path) =>
      new Promise<void>((resolve) => {
        log.push(`later ${path}`);
        waiting.push(resolve);
      }),
  };
  const finishAll = async () => {
    for (const resolve of waiting.splice(0)) resolve();
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { log, sync, finishAll };
}

/** A group sync over a fresh fake disk. */
function walOnFakeDisk() {
  const disk = fakeDisk();
  return { disk, wal: new WalGroupSync(disk.sync) };
}

/** `promise`, and whether it has settled yet. */
function settledLater(promise: Promise<unknown>) {
  const tracked = {
    settled: false,
    promise: promise.then(() => {
      tracked.settled = true;
    }),
  };
  return tracked;
}
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('WalGroupSync', () => {
  it('defers the WAL fsync a commit asks for, and answers durable() once the flush is done', async () => {
    const { disk, wal } = walOnFakeDisk();
    expect(wal.deferFsync(WAL)).toBe(true);
    const waiting = settledLater(wal.durable());
    await nextTurn();
    expect(waiting.settled).toBe(false);
    await disk.finishAll();
    await waiting.promise;
    expect(waiting.settled).toBe(true);
    expect(disk.log).toEqual([`later ${WAL}`]);
  });

  it('lets commits that arrive while a flush runs share the next one', async () => {
    const { disk, wal } = walOnFakeDisk();
    wal.deferFsync(WAL);
    const first = wal.durable();
    // Three more commits while the first flush is on the disk: one flush after it serves them all.
    const others = [1, 2, 3].map(() => {
      wal.deferFsync(WAL);
      return wal.durable();
    });
    await disk.finishAll();
    await first;
    await disk.finishAll();
    await Promise.all(others);
    expect(disk.log).toEqual([`later ${WAL}`, `later ${WAL}`]);
  });

  it('waits for the flush in progress when its own bytes are already in it', async () => {
    const { disk, wal } = walOnFakeDisk();
    wal.deferFsync(WAL);
    const first = wal.durable();
    const reader = settledLater(wal.durable());
    await nextTurn();
    expect(reader.settled).toBe(false);
    await disk.finishAll();
    await Promise.all([first, reader.promise]);
    expect(disk.log).toEqual([`later ${WAL}`]);
  });

  it('answers at once when nothing was written', async () => {
    const disk = fakeDisk();
    await new WalGroupSync(disk.sync).durable();
    expect(disk.log).toEqual([]);
  });

  it('syncs the WAL first, on the spot, before another file is written or synced', () => {
    const { disk, wal } = walOnFakeDisk();
    wal.beforeWrite(TABLE);
    expect(disk.log).toEqual([]);
    wal.deferFsync(WAL);
    wal.beforeWrite(`${WAL}`);
    expect(disk.log).toEqual([]);
    wal.beforeWrite(TABLE);
    expect(disk.log).toEqual([`now ${WAL}`]);
    wal.deferFsync(WAL);
    expect(wal.deferFsync(TABLE)).toBe(false);
    expect(disk.log).toEqual([`now ${WAL}`, `now ${WAL}`]);
  });

  it('also syncs, on the spot, WAL files whose flush has begun but not finished', async () => {
    const { disk, wal } = walOnFakeDisk();
    wal.deferFsync(WAL);
    const flush = wal.durable();
    wal.beforeWrite(TABLE);
    expect(disk.log).toEqual([`later ${WAL}`, `now ${WAL}`]);
    await disk.finishAll();
    await flush;
  });

  it('fails the commits a flush could not make durable, and tries their files again', async () => {
    let fail = true;
    const tried: string[] = [];
    const wal = new WalGroupSync({
      now: () => {},
      later: async (path) => {
        tried.push(path);
        if (fail) throw Object.assign(new Error('EIO'), { code: 'EIO' });
      },
    });
    wal.deferFsync(WAL);
    await expect(wal.durable()).rejects.toThrow('EIO');
    fail = false;
    await wal.durable();
    expect(tried).toEqual([WAL, WAL]);
  });
});
