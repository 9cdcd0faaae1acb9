import type { RecordDelivery, RecordDetail } from '@risk-profile/contracts';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterResend } from './records-queries';

const ID = '0b6b8f4e-8a53-4d0e-9a59-0d1b0a7f2c11';

const delivery = (change: Partial<RecordDelivery> = {}): RecordDelivery => ({
  id: '7d1e3c52-6f0a-4c1b-9f43-2f3b9a0e5d21',
  kind: 'adviser-report',
  recipientRole: 'adviser',
  channel: 'email',
  recipient: 'adviser@example.com',
  status: 'sent',
  createdAt: '2026-11-22T04:05:00.000Z',
  sentAt: '2026-11-22T04:05:01.000Z',
  failedAt: null,
  resend: false,
  requestedBy: null,
  ...change,
});

const first = delivery();
// Only what the cache update reads; the rest of a record does not matter here.
const record = {
  id: ID,
  reportDelivery: first,
  history: [
    { at: '2026-11-22T04:00:00.000Z', event: 'drafted', delivery: null },
    { at: '2026-11-22T04:04:00.000Z', event: 'signed', delivery: null },
    { at: first.createdAt, event: 'delivery', delivery: first },
  ],
} as unknown as RecordDetail;

const resent = delivery({
  id: '5a7c2e10-3b9d-4e8f-a1c6-0d2f4b6e8a93',
  status: 'pending',
  createdAt: '2026-11-22T05:00:00.000Z',
  sentAt: null,
  resend: true,
  requestedBy: 'adviser@example.com',
});

describe('afterResend', () => {
  const observers: (() => void)[] = [];
  afterEach(() => {
    for (const stop of observers.splice(0)) stop();
  });

  /** A query on screen (observed, so an invalidation refetches it), counting its fetches. */
  async function shown(client: QueryClient, queryKey: readonly unknown[], data: unknown) {
    const queryFn = vi.fn(async () => data);
    const observer = new QueryObserver(client, { queryKey, queryFn, staleTime: Number.POSITIVE_INFINITY });
    observers.push(observer.subscribe(() => {}));
    await vi.waitFor(() => expect(queryFn).toHaveBeenCalledTimes(1));
    return queryFn;
  }

  it('adds the new delivery to the open record without reading it again (a read is a logged view)', async () => {
    const client = new QueryClient();
    const recordKey = ['records', 'adviser', 'record', ID] as const;
    const readRecord = await shown(client, recordKey, record);
    const readList = await shown(client, ['records', 'adviser', 'list', {}], { items: [], nextCursor: null });
    const readLinks = await shown(client, ['records', 'adviser', 'links'], { items: [], nextCursor: null });

    await afterResend(client, ID, resent);

    expect(readRecord).toHaveBeenCalledTimes(1);
    const cached = client.getQueryData<RecordDetail>(recordKey)!;
    expect(cached.history.at(-1)).toEqual({ at: resent.createdAt, event: 'delivery', delivery: resent });
    expect(cached.history).toHaveLength(4);
    expect(cached.reportDelivery).toEqual(resent);
    // The lists (never logged) show the new delivery in their report column.
    await vi.waitFor(() => expect(readList).toHaveBeenCalledTimes(2));
    await vi.waitFor(() => expect(readLinks).toHaveBeenCalledTimes(2));
  });

  it("keeps the adviser's report column when the copy went to the client", async () => {
    const client = new QueryClient();
    const recordKey = ['records', 'adviser', 'record', ID] as const;
    client.setQueryData(recordKey, record);
    const toClient = delivery({ ...resent, kind: 'client-report', recipientRole: 'client' });
    await afterResend(client, ID, toClient);
    const cached = client.getQueryData<RecordDetail>(recordKey)!;
    expect(cached.reportDelivery).toEqual(first);
    expect(cached.history.at(-1)?.delivery).toEqual(toClient);
  });
});
