import { describe, expect, it } from 'vitest';
import {
  decideLinkRequest,
  LINKS_PER_ADVISER_PER_HOUR,
  LinkRateLimitError,
  type QuestionnaireLinkRequested,
} from './link-requests';

const NOW = new Date('2026-11-22T10:30:00.000Z');
const minutesAgo = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000).toISOString();
const link = (linkId: string) =>
  ({ linkId, requestedAt: NOW.toISOString() }) as unknown as QuestionnaireLinkRequested['data'];

describe('links requested together', () => {
  it('are stored together within the hourly limit', () => {
    const earlier = Array.from({ length: LINKS_PER_ADVISER_PER_HOUR - 2 }, () => minutesAgo(10));
    const events = decideLinkRequest(
      { links: [link('a'), link('b')], earlierInWindow: [] },
      { requestedAt: earlier },
    );
    expect(events.map((event) => event.data.linkId)).toEqual(['a', 'b']);
  });

  it('are refused together when one would pass the limit, until enough of the oldest leave the hour', () => {
    // The oldest leaves the window in 10 minutes, the next in 20: two must leave for three to fit.
    const earlier = [
      minutesAgo(50),
      minutesAgo(40),
      ...Array.from({ length: LINKS_PER_ADVISER_PER_HOUR - 3 }, () => minutesAgo(5)),
    ];
    try {
      decideLinkRequest(
        { links: [link('a'), link('b'), link('c')], earlierInWindow: [] },
        { requestedAt: earlier },
      );
      throw new Error('not refused');
    } catch (error) {
      expect(error).toBeInstanceOf(LinkRateLimitError);
      expect((error as LinkRateLimitError).retryAfterSeconds).toBe(20 * 60);
    }
  });
});
