import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { silentLogger } from '@risk-profile/platform';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type JournalLock, lockJournal, machineKey } from './journal-lock';

describe('the sent-journal lock', () => {
  let dir: string;
  let path: string;
  const held: JournalLock[] = [];
  const children: ChildProcess[] = [];
  const logger = silentLogger();
  const staleMs = 400;
  const lock = async () => {
    const taken = await lockJournal(path, { logger, staleMs });
    held.push(taken);
    return taken;
  };
  /** A lock file as another holder leaves it. */
  const leftBy = (holder: { pid: number; machine: string }) =>
    writeFileSync(`${path}.lock`, JSON.stringify({ ...holder, token: 'theirs' }));
  /** Touches the lock file as its live holder does, until the test ends. */
  const keptFresh = () => {
    const timer = setInterval(() => {
      const now = new Date();
      utimesSync(`${path}.lock`, now, now);
    }, staleMs / 8);
    return () => clearInterval(timer);
  };

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'journal-lock-'));
    path = join(dir, 'sent-journal.ndjson');
  });
  afterEach(() => {
    for (const taken of held.splice(0)) taken.release();
    for (const child of children.splice(0)) child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  it('is refused a second time in the same process, and taken again once released, its file removed', async () => {
    const first = await lock();
    await expect(lockJournal(path, { logger, staleMs })).rejects.toThrow(/already open in this process/);
    first.release();
    expect(existsSync(`${path}.lock`)).toBe(false);
    await lock();
    expect(JSON.parse(readFileSync(`${path}.lock`, 'utf8')).pid).toBe(process.pid);
  });

  it('keeps its file fresh while held', async () => {
    await lock();
    const before = readFileSync(`${path}.lock`, 'utf8');
    const { mtimeMs } = statSync(`${path}.lock`);
    await new Promise((resolve) => setTimeout(resolve, staleMs / 2));
    expect(statSync(`${path}.lock`).mtimeMs).toBeGreaterThan(mtimeMs);
    expect(readFileSync(`${path}.lock`, 'utf8')).toBe(before);
  });

  it('takes over at once a lock left by a process of this machine that no longer runs', async () => {
    const { pid } = spawnSync(process.execPath, ['-e', '']);
    leftBy({ pid: pid!, machine: machineKey() });
    const startedAt = Date.now();
    await lock();
    expect(Date.now() - startedAt).toBeLessThan(staleMs);
    expect(JSON.parse(readFileSync(`${path}.lock`, 'utf8')).pid).toBe(process.pid);
  });

  it("takes over at once a lock naming this process's pid that this process does not hold (a restarted container's pid 1)", async () => {
    leftBy({ pid: process.pid, machine: machineKey() });
    const startedAt = Date.now();
    await lock();
    expect(Date.now() - startedAt).toBeLessThan(staleMs);
  });

  it('refuses, with a clear message, a lock that a live process keeps fresh', async () => {
    const live = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)']);
    children.push(live);
    leftBy({ pid: live.pid!, machine: machineKey() });
    const stop = keptFresh();
    try {
      await expect(lockJournal(path, { logger, staleMs })).rejects.toThrow(
        new RegExp(
          `in use by another running notification process \\(pid ${live.pid} .*Give each notification instance its own DATA_DIR`,
        ),
      );
    } finally {
      stop();
    }
  });

  it('takes over, after watching it for its stale time, a lock left untouched by a holder whose pid it cannot check', async () => {
    // Another host's (or a reused pid's) lock: only its file's times say whether it is held.
    leftBy({ pid: 1, machine: 'another-host pid:[1]' });
    utimesSync(`${path}.lock`, new Date(), new Date());
    const startedAt = Date.now();
    await lock();
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(staleMs - 20);
    expect(JSON.parse(readFileSync(`${path}.lock`, 'utf8')).pid).toBe(process.pid);
  });

  it('refuses a lock another host keeps fresh', async () => {
    leftBy({ pid: 1, machine: 'another-host pid:[1]' });
    const stop = keptFresh();
    try {
      await expect(lockJournal(path, { logger, staleMs })).rejects.toThrow(/pid 1 on another-host/);
    } finally {
      stop();
    }
  });
});
