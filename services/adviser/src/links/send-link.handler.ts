import { randomUUID } from 'node:crypto';
import {
  ConcurrencyConflictError,
  type EventMetadata,
  type EventStore,
  handleCommand,
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
 * in the adviser's stream for the day: the only write, so there is no second store to keep in
 * step with it. The relay publishes it; notification sends it.
 */
export async function requestQuestionnaireLink(
  deps: { store: EventStore; signer: LinkTokenSigner; publicUrl: string; now: Date; metadata: EventMetadata },
  adviser: AdviserRecord,
  request: LinkRequest,
): Promise<QuestionnaireLinkRequested['data']> {
  const token = deps.signer.sign({
    name: request.clientName,
    email: request.clientEmail,
    phone: request.clientPhone,
    adviserSlug: adviser.slug,
  });
  const verified = deps.signer.verify(token);
  if (!verified.ok) throw new Error(`a freshly signed link token did not verify: ${verified.reason}`);
  const url = new URL(`/${adviser.slug}`, deps.publicUrl);
  url.searchParams.set('token', token);
  const link: QuestionnaireLinkRequested['data'] = {
    linkId: randomUUID(),
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
    expiresAt: verified.link.expiresAt,
    requestedAt: deps.now.toISOString(),
  };

  // The window reaches into yesterday's stream during the first hour of a UTC day.
  const windowStart = new Date(deps.now.getTime() - LINK_WINDOW_MS);
  const today = linkRequestStreamId(adviser.id, deps.now);
  const yesterday = linkRequestStreamId(adviser.id, windowStart);
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
      return link;
    } catch (error) {
      if (!(error instanceof ConcurrencyConflictError) || attempt > CONFLICT_RETRIES) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * attempt));
    }
  }
}
