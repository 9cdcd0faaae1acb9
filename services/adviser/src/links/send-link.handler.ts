import { randomUUID } from 'node:crypto';
import { shortLinkPath } from '@risk-profile/contracts';
import {
  ConcurrencyConflictError,
  type EventMetadata,
  type EventStore,
  handleCommand,
  type SqlExecutor,
} from '@risk-profile/platform';
import type { AdviserRecord } from '../advisers/adviser-repository';
import {
  decideLinkRequest,
  evolveLinkRequests,
  initialLinkRequests,
  LINK_WINDOW_MS,
  linkRequestStreamId,
  type QuestionnaireLinkRequested,
} from './link-requests';
import type { LinkTokenSigner } from './link-token-signer';
import { createShortLink, deleteShortLink } from './short-links';

export interface LinkRequest {
  clientName: string;
  clientEmail: string | null;
  clientPhone: string | null;
  method: 'email' | 'sms';
}

/**
 * How often a request that lost a race for the day's stream is decided again. Each retry reads
 * the stream anew, so it sees the winner's event; only a burst of this many concurrent requests
 * from one adviser could exhaust it.
 */
const CONFLICT_RETRIES = 50;

/**
 * Signs a link for the client naming the adviser's page, and records the request as one event
 * in the adviser's stream for the day. The relay publishes it; notification sends it. An SMS
 * link also gets a short code (stored first, so the message never carries a dead one; removed
 * again when the request is refused); an email keeps the long link, which costs nothing there
 * and opens the page without a lookup.
 */
export async function requestQuestionnaireLink(
  deps: {
    sql: SqlExecutor;
    store: EventStore;
    signer: LinkTokenSigner;
    publicUrl: string;
    now: Date;
    metadata: EventMetadata;
  },
  adviser: AdviserRecord,
  request: LinkRequest,
): Promise<QuestionnaireLinkRequested['data']> {
  const linkId = randomUUID();
  const token = deps.signer.sign({
    name: request.clientName,
    email: request.clientEmail,
    phone: request.clientPhone,
    adviserSlug: adviser.slug,
    linkId,
  });
  const verified = deps.signer.verify(token);
  if (!verified.ok) throw new Error(`a freshly signed link token did not verify: ${verified.reason}`);
  const url = new URL(`/${adviser.slug}`, deps.publicUrl);
  url.searchParams.set('token', token);
  const shortCode =
    request.method === 'sms'
      ? await createShortLink(
          deps.sql,
          { linkId, adviserSlug: adviser.slug, token, expiresAt: new Date(verified.link.expiresAt) },
          deps.now,
        )
      : undefined;
  const link: QuestionnaireLinkRequested['data'] = {
    linkId,
    adviserId: adviser.id,
    adviserSlug: adviser.slug,
    adviserName: adviser.adviserName,
    companyName: adviser.companyName,
    adviserEmail: adviser.email,
    clientName: request.clientName,
    clientEmail: request.clientEmail,
    clientPhone: request.clientPhone,
    method: request.method,
    url: url.toString(),
    ...(shortCode ? { shortUrl: new URL(shortLinkPath(shortCode), deps.publicUrl).toString() } : {}),
    expiresAt: verified.link.expiresAt,
    requestedAt: deps.now.toISOString(),
  };

  try {
    await recordLinkRequest(deps, adviser.id, link);
  } catch (error) {
    if (shortCode) await deleteShortLink(deps.sql, shortCode);
    throw error;
  }
  return link;
}

/** Appends the request to the adviser's stream for the day, within the hourly limit. */
async function recordLinkRequest(
  deps: { store: EventStore; now: Date; metadata: EventMetadata },
  adviserId: string,
  link: QuestionnaireLinkRequested['data'],
): Promise<void> {
  // The window reaches into yesterday's stream during the first hour of a UTC day.
  const windowStart = new Date(deps.now.getTime() - LINK_WINDOW_MS);
  const today = linkRequestStreamId(adviserId, deps.now);
  const yesterday = linkRequestStreamId(adviserId, windowStart);
  const earlierInWindow =
    yesterday === today
      ? []
      : (await deps.store.readStream(yesterday)).map(
          (event) => (event.data as QuestionnaireLinkRequested['data']).requestedAt,
        );

  for (let attempt = 1; ; attempt++) {
    try {
      await handleCommand({
        eventStore: deps.store,
        streamId: today,
        decide: decideLinkRequest,
        evolve: evolveLinkRequests,
        initialState: initialLinkRequests,
        command: { link, earlierInWindow },
        metadata: deps.metadata,
      });
      return;
    } catch (error) {
      if (!(error instanceof ConcurrencyConflictError) || attempt > CONFLICT_RETRIES) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * attempt));
    }
  }
}
