import { describe, expect, it } from 'vitest';
import type { StoredEvent } from '../event-store/event-store.port';
import { streamHistory } from './stream-history';

const event = (
  streamId: string,
  streamVersion: number,
  id = `${streamId}@${streamVersion}`,
): StoredEvent => ({
  id,
  streamId,
  streamVersion,
  type: 'Happened',
  data: { streamVersion },
  metadata: {},
  recordedAt: new Date(0),
  position: id,
});

/** A store holding streams `a` and `b` with three events each, counting whole-stream reads. */
function store() {
  const streams = new Map(['a', 'b'].map((s) => [s, [0, 1, 2].map((v) => event(s, v))]));
  const reads: string[] = [];
  return {
    reads,
    readStream: async (streamId: string) => {
      reads.push(streamId);
      return streams.get(streamId) ?? [];
    },
  };
}

const ids = (events: StoredEvent[]) => events.map((e) => e.id);

/** A fresh store and a history over it; `s.reads` lists the streams it had to read. */
function follow(options: { capacity?: number } = {}) {
  const s = store();
  return { s, upTo: streamHistory({ readStream: s.readStream, ...options }) };
}

describe('streamHistory', () => {
  it('answers a stream followed from its first event without reading it', async () => {
    const { s, upTo } = follow();
    expect(ids(await upTo(event('a', 0)))).toEqual(['a@0']);
    expect(ids(await upTo(event('b', 0)))).toEqual(['b@0']);
    expect(ids(await upTo(event('a', 1)))).toEqual(['a@0', 'a@1']);
    expect(ids(await upTo(event('a', 2)))).toEqual(['a@0', 'a@1', 'a@2']);
    expect(s.reads).toEqual([]);
  });

  it('reads the stream, up to the event, when its earlier events were not seen', async () => {
    const { s, upTo } = follow();
    expect(ids(await upTo(event('a', 1)))).toEqual(['a@0', 'a@1']);
    expect(ids(await upTo(event('a', 2)))).toEqual(['a@0', 'a@1', 'a@2']);
    expect(s.reads).toEqual(['a']);
  });

  it('reads again when an event skips past what it remembers', async () => {
    const { s, upTo } = follow();
    await upTo(event('a', 0));
    expect(ids(await upTo(event('a', 2)))).toEqual(['a@0', 'a@1', 'a@2']);
    expect(s.reads).toEqual(['a']);
  });

  it('answers an event routed again (a batch retried) with the history up to it', async () => {
    const { s, upTo } = follow();
    await upTo(event('a', 0));
    await upTo(event('a', 1));
    await upTo(event('a', 2));
    expect(ids(await upTo(event('a', 1)))).toEqual(['a@0', 'a@1']);
    expect(ids(await upTo(event('a', 2)))).toEqual(['a@0', 'a@1', 'a@2']);
    expect(s.reads).toEqual([]);
  });

  it('does not take a different event at a remembered version for the remembered one', async () => {
    const { s, upTo } = follow();
    await upTo(event('a', 0, 'other'));
    await upTo(event('a', 1, 'other-1'));
    expect(ids(await upTo(event('a', 1)))).toEqual(['a@0', 'a@1']);
    expect(s.reads).toEqual(['a']);
  });

  it('forgets the least recently used stream beyond its capacity', async () => {
    const { s, upTo } = follow({ capacity: 1 });
    await upTo(event('a', 0));
    await upTo(event('b', 0));
    expect(ids(await upTo(event('a', 1)))).toEqual(['a@0', 'a@1']);
    expect(s.reads).toEqual(['a']);
    expect(ids(await upTo(event('a', 2)))).toEqual(['a@0', 'a@1', 'a@2']);
    expect(s.reads).toEqual(['a']);
  });
});
