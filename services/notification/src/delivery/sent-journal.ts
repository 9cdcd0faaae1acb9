import {
  closeSync,
  existsSync,
  fstatSync,
  ftruncateSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { dirname } from 'node:path';
import type { SentRecord } from './deliveries';

/**
 * Sends the transports accepted that the database may not hold yet. The sender appends a record
 * the moment a transport accepts a message, before the `sent` row is written (which can wait in
 * line behind other statements), and settles it once that row is written. A record still
 * unsettled is written to the database before the next claim, so a message accepted but not yet
 * recorded is never claimed and sent again: not after a failed write, and, with the file
 * journal, not after the process was killed.
 */
export interface SentJournal {
  /** Returns once the record would survive this process being killed. */
  append(record: SentRecord): void;
  /** Forgets records the database now holds. */
  settle(ids: readonly string[]): void;
  /**
   * Records not known to be in the database, oldest first. After a restart these are the last
   * run's, and may include some it had settled: recording one again changes nothing.
   */
  unsettled(): SentRecord[];
  close(): void;
}

/** The journal in memory: covers a failed write, not a killed process. */
export function memorySentJournal(): SentJournal {
  const records = new Map<string, SentRecord>();
  return {
    append: (record) => void records.set(record.id, record),
    settle: (ids) => {
      for (const id of ids) records.delete(id);
    },
    unsettled: () => [...records.values()],
    close: () => {},
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Beyond this size a journal with records still open is rewritten with only those. */
const COMPACT_AT_BYTES = 1024 * 1024;

/**
 * The journal in a file of one JSON record per line. A line is written with one `write` call
 * before `append` returns: the kernel holds it from then on, so a SIGKILL cannot lose it (a power
 * failure can, as it can the embedded database's last commits). The file is emptied whenever
 * every record is settled, and rewritten (to a new file, then renamed) when it grows with records
 * open. A torn last line, from a process killed mid-write, is ignored: its send was not yet
 * acknowledged to the sender either. One process uses a file at a time.
 */
export function fileSentJournal(path: string): SentJournal {
  mkdirSync(dirname(path), { recursive: true });
  const records = new Map<string, SentRecord>();
  if (existsSync(path)) {
    for (const line of readFileSync(path, 'utf8').split('\n')) {
      const record = parseLine(line);
      if (record) records.set(record.id, record);
    }
  }
  const rewrite = () => {
    const next = `${path}.next`;
    writeFileSync(next, [...records.values()].map(toLine).join(''));
    renameSync(next, path);
  };
  rewrite();
  let fd = openSync(path, 'a');
  let size = fstatSync(fd).size;

  return {
    append(record) {
      records.set(record.id, record);
      const line = toLine(record);
      writeSync(fd, line);
      size += Buffer.byteLength(line);
    },
    settle(ids) {
      for (const id of ids) records.delete(id);
      if (records.size === 0) {
        if (size > 0) ftruncateSync(fd, 0);
        size = 0;
      } else if (size > COMPACT_AT_BYTES) {
        closeSync(fd);
        rewrite();
        fd = openSync(path, 'a');
        size = fstatSync(fd).size;
      }
    },
    unsettled: () => [...records.values()],
    close: () => closeSync(fd),
  };
}

const toLine = (r: SentRecord): string =>
  `${JSON.stringify({
    id: r.id,
    subject: r.subject,
    providerMessageId: r.providerMessageId,
    sentAt: r.sentAt.toISOString(),
    ...(r.savedToOutbox ? { savedToOutbox: true } : {}),
  })}\n`;

function parseLine(line: string): SentRecord | undefined {
  if (line.trim() === '') return undefined;
  try {
    const value = JSON.parse(line) as Record<string, unknown>;
    const sentAt = new Date(String(value.sentAt));
    if (
      typeof value.id !== 'string' ||
      !UUID.test(value.id) ||
      typeof value.providerMessageId !== 'string' ||
      (value.subject !== null && typeof value.subject !== 'string') ||
      Number.isNaN(sentAt.getTime())
    ) {
      return undefined;
    }
    return {
      id: value.id,
      subject: value.subject,
      providerMessageId: value.providerMessageId,
      sentAt,
      ...(value.savedToOutbox === true ? { savedToOutbox: true } : {}),
    };
  } catch {
    return undefined;
  }
}
