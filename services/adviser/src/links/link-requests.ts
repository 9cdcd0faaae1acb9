import type { QuestionnaireLinkRequestedV1 } from '@risk-profile/contracts';
import type { DomainEvent } from '@risk-profile/platform';

/** At most this many questionnaire links per adviser in any hour (the 31st gets 429). */
export const LINKS_PER_ADVISER_PER_HOUR = 30;
export const LINK_WINDOW_MS = 60 * 60_000;

/**
 * A link request is stored in the adviser's stream for the UTC day it was made
 * (`questionnaire-links-{adviserId}-{yyyy-mm-dd}`): appending with the version that was read
 * makes the hourly limit exact under concurrent requests, and a day's stream stays small (at
 * most 720 events) however long the adviser has used the product.
 */
export const linkRequestStreamId = (adviserId: string, at: Date): string =>
  `questionnaire-links-${adviserId}-${at.toISOString().slice(0, 10)}`;

export const isLinkRequestStream = (streamId: string): boolean => streamId.startsWith('questionnaire-links-');

/**
 * The stored event: everything notification needs to send the link, and when it was asked for.
 * `inPerson`: the link of a household member who sits with the adviser, who opens it for them;
 * it is recorded (its linkId ties the assessment to the household) but never published, so
 * nothing sends it.
 */
export type QuestionnaireLinkRequested = DomainEvent<
  'QuestionnaireLinkRequested',
  QuestionnaireLinkRequestedV1['data'] & { requestedAt: string; inPerson?: true }
>;

/** One or more links requested together (a household's), stored together or refused together. */
export interface RequestQuestionnaireLink {
  links: QuestionnaireLinkRequested['data'][];
  /** Requests of this adviser in the window that are stored in the previous day's stream. */
  earlierInWindow: readonly string[];
}

export interface LinkRequestsState {
  requestedAt: string[];
}

export class LinkRateLimitError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('questionnaire link rate limit reached');
    this.name = 'LinkRateLimitError';
  }
}

export const initialLinkRequests = (): LinkRequestsState => ({ requestedAt: [] });

export const evolveLinkRequests = (
  state: LinkRequestsState,
  event: QuestionnaireLinkRequested,
): LinkRequestsState => ({ requestedAt: [...state.requestedAt, event.data.requestedAt] });

/**
 * Refuses requests beyond the hourly limit, saying when enough of the oldest in the window leave
 * it for all of them to fit.
 */
export function decideLinkRequest(
  command: RequestQuestionnaireLink,
  state: LinkRequestsState,
): QuestionnaireLinkRequested[] {
  const count = command.links.length;
  if (count === 0) return [];
  const now = Date.parse(command.links[0]!.requestedAt);
  const inWindow = [...command.earlierInWindow, ...state.requestedAt]
    .map((at) => Date.parse(at))
    .filter((at) => at > now - LINK_WINDOW_MS)
    .sort((a, b) => a - b);
  if (inWindow.length + count > LINKS_PER_ADVISER_PER_HOUR) {
    const mustLeave =
      inWindow[Math.min(inWindow.length + count - 1 - LINKS_PER_ADVISER_PER_HOUR, inWindow.length - 1)];
    const leavesAt = (mustLeave ?? now) + LINK_WINDOW_MS;
    throw new LinkRateLimitError(Math.max(1, Math.ceil((leavesAt - now) / 1000)));
  }
  return command.links.map((data) => ({ type: 'QuestionnaireLinkRequested', data }));
}
