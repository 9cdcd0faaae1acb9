import { randomUUID } from 'node:crypto';
import { appendFileSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SentRecord } from './deliveries';
import { fileSentJournal, memorySentJournal } from './sent-journal';

const record = (n: number): SentRecord => ({
  id: randomUUID(),
  subject: n % 2 === 0 ? `Subject ${n}` : null,
  providerMessageId: `queued-${n}`,
  sentAt: new Date(Date.UTC(2026, 10, 23, 4, 0, n)),
  // Every third was written to the outbox folder: a restart must still record it as saved.
  ...(n % 3 === 0 ? { savedToOutbox: true } : {}),
});

describe('the memory journal', () => {
  it('keeps appended records until they are settled', () => {
    const journal = memorySentJournal();
    const [a, b] = [record(1), record(2)];
    journal.append(a);
    journal.append(b);
    journal.settle([a.id]);
    expect(journal.unsettled()).toEqual([b]);
  });
});

describe('the file journal', () => {
  let dir: string;
  let path: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'sent-journal-'));
    path = join(dir, 'notification', 'sent-journal.ndjson');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('gives a new process every record the last one had not settled, as they were', () => {
    const first = fileSentJournal(path);
    const records = [record(1), record(2), record(3)];
    for (const r of records) first.append(r);
    first.settle([records[1]!.id]);
    // Killed here: nothing closes the journal.
    // A record settled since the file was last emptied may come back too: recording it again
    // changes nothing, as only pending deliveries are marked sent.
    const second = fileSentJournal(path);
    expect(second.unsettled()).toEqual(expect.arrayContaining([records[0], records[2]]));
    second.close();
  });

  it('empties its file once every record is settled', () => {
    const journal = fileSentJournal(path);
    const records = [record(1), record(2)];
    for (const r of records) journal.append(r);
    expect(statSync(path).size).toBeGreaterThan(0);
    journal.settle(records.map((r) => r.id));
    expect(statSync(path).size).toBe(0);
    const next = record(3);
    journal.append(next);
    expect(readFileSync(path, 'utf8').trim().split('\n')).toHaveLength(1);
    journal.close();
    expect(fileSentJournal(path).unsettled()).toEqual([next]);
  });

  it('ignores a line torn by a kill mid-write and lines that are not records', () => {
    const journal = fileSentJournal(path);
    const kept = record(1);
    journal.append(kept);
    journal.close();
    appendFileSync(
      path,
      '{"id":"not-a-uuid","subject":null,"providerMessageId":"x","sentAt":"2026-11-23T00:00:00Z"}\n',
    );
    appendFileSync(path, `{"id":"${randomUUID()}","subject":null,"provid`);
    const reopened = fileSentJournal(path);
    expect(reopened.unsettled()).toEqual([kept]);
    // The torn line is gone from the file too, so later appends start on a line of their own.
    const next = record(2);
    reopened.append(next);
    reopened.close();
    expect(fileSentJournal(path).unsettled()).toEqual([kept, next]);
  });

  it('rewrites a file grown past 1 MB with only the records still open', () => {
    const journal = fileSentJournal(path);
    const open = record(0);
    journal.append(open);
    for (let n = 1; n <= 12_000; n++) {
      const r = record(n);
      journal.append(r);
      journal.settle([r.id]);
    }
    expect(statSync(path).size).toBeLessThan(1024 * 1024 + 200);
    journal.close();
    const reopened = fileSentJournal(path).unsettled();
    expect(reopened[0]).toEqual(open);
    expect(reopened.length).toBeLessThan(12_000 / 2);
  });
});
