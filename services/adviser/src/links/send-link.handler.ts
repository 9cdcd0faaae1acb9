import { randomUUID } from 'node:crypto';
import { shortLinkPath } from '@risk-profile/contracts';
import {
  type EventMetadata,
  type EventStore,
  handleCommand,
  retryOnConflict,
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
  /** A household member who sits with the adviser: the link is recorded, never sent. */
  inPerson?: boolean;
}

export interface LinkRequestDeps {
  sql: SqlExecutor;
  store: EventStore;
  signer: LinkTokenSigner;
  publicUrl: string;
  now: Date;
  metadata: EventMetadata;
}

/**
 * Signs a link for the client naming the adviser's page, and records the request as one event
 * in the adviser's stream for the day. The relay publishes it; notification sends it. An SMS
 * link also gets a short code (stored first, so the message never carries a dead one; removed
 * again when the request is refused); an email keeps the long link, which costs nothing there
 * and opens the page without a lookup.
 */
export async function requestQuestionnaireLink(
  deps: LinkRequestDeps,
  adviser: AdviserRecord,
  request: LinkRequest,
): Promise<QuestionnaireLinkRequested['data']> {
  const [link] = await requestQuestionnaireLinks(deps, adviser, [request]);
  return link!;
}

/** Several links at once (a household's members): within the hourly limit all of them, or none. */
export async function requestQuestionnaireLinks(
  deps: LinkRequestDeps,
  adviser: AdviserRecord,
  requests: readonly LinkRequest[],
): Promise<QuestionnaireLinkRequested['data'][]> {
  const links: QuestionnaireLinkRequested['data'][] = [];
  const shortCodes: string[] = [];
  try {
    for (const request of requests) {
      const signed = await signLink(deps, adviser, request);
      if (signed.shortCode) shortCodes.push(signed.shortCode);
      links.push(signed.link);
    }
    await recordLinkRequests(deps, adviser.id, links);
  } catch (error) {
    for (const code of shortCodes) await deleteShortLink(deps.sql, code);
    throw error;
  }
  return links;
}

/**
 * A signed questionnaire link for a client of the adviser's page: sent, or (for a household member
 * sitting with the adviser) shown to the adviser, again whenever the household is opened.
 */
export function questionnaireLink(
  deps: { signer: LinkTokenSigner; publicUrl: string },
  adviserSlug: string,
  client: { clientName: string; clientEmail: string | null; clientPhone: string | null; linkId: string },
) {
  const token = deps.signer.sign({
    name: client.clientName,
    email: client.clientEmail,
    phone: client.clientPhone,
    adviserSlug,
    linkId: client.linkId,
  });
  const verified = deps.signer.verify(token);
  if (!verified.ok) throw new Error(`a freshly signed link token did not verify: ${verified.reason}`);
  const url = new URL(`/${adviserSlug}`, deps.publicUrl);
  url.searchParams.set('token', token);
  return { url, token, verified };
}

async function signLink(
  deps: LinkRequestDeps,
  adviser: AdviserRecord,
  request: LinkRequest,
): Promise<{ link: QuestionnaireLinkRequested['data']; shortCode: string | undefined }> {
  const linkId = randomUUID();
  const { url, token, verified } = questionnaireLink(deps, adviser.slug, { ...request, linkId });
  // A link opened in person is never texted, so it needs no short form.
  const shortCode =
    request.method === 'sms' && !request.inPerson
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
    ...(request.inPerson ? { inPerson: true as const } : {}),
  };
  return { link, shortCode };
}

/** Appends the requests to the adviser's stream for the day, within the hourly limit. */
async function recordLinkRequests(
  deps: { store: EventStore; now: Date; metadata: EventMetadata },
  adviserId: string,
  links: QuestionnaireLinkRequested['data'][],
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

  // A request that lost the race for the day's stream is decided again on the winner's events.
  await retryOnConflict(() =>
    handleCommand({
      eventStore: deps.store,
      streamId: today,
      decide: decideLinkRequest,
      evolve: evolveLinkRequests,
      initialState: initialLinkRequests,
      command: { links, earlierInWindow },
      metadata: deps.metadata,
    }),
  );
}
