import { randomUUID } from 'node:crypto';
import { sendQuestionnaireLinkEndpoint } from '@risk-profile/contracts';
import {
  type EventStore,
  HttpError,
  httpError,
  parseBody,
  requireAccess,
  type SessionVerifier,
  type SqlExecutor,
  sessionUserOf,
} from '@risk-profile/platform';
import type { Express, Request, Response } from 'express';
import { type AdviserRecord, findAdviserBySlug } from '../advisers/adviser-repository';
import { LINKS_PER_ADVISER_PER_HOUR, LinkRateLimitError } from './link-requests';
import type { LinkTokenSigner } from './link-token-signer';
import { type LinkRequestDeps, requestQuestionnaireLink } from './send-link.handler';

export const LINK_RATE_LIMIT_MESSAGE = `You can send at most ${LINKS_PER_ADVISER_PER_HOUR} questionnaire links an hour. Please try again later.`;
export const NO_ADVISER_PAGE_MESSAGE =
  'Your account is not linked to an adviser page, so it cannot send links.';

export interface SendLinkDeps {
  sql: SqlExecutor;
  store: EventStore;
  signer: LinkTokenSigner;
  sessions: SessionVerifier;
  /** The site's public address, which links point at. */
  publicUrl: () => string;
  clock: () => Date;
  /** Called once the request is stored, so the relay publishes it now rather than at its next poll. */
  onStored: () => void;
}

/** What the adviser's notice says: where the link is going. */
export function linkSentMessage(method: 'email' | 'sms', to: string): string {
  return method === 'email'
    ? `The questionnaire link is being emailed to ${to}.`
    : `The questionnaire link is being sent by SMS to ${to}.`;
}

/**
 * The part every way of sending links shares: the signed-in adviser's page (403 without one), the
 * handler's dependencies, the hourly limit as 429 with Retry-After, and the relay woken once stored.
 */
export async function sendingLinks<T, D extends SendLinkDeps>(
  deps: D,
  req: Request,
  res: Response,
  send: (linkDeps: LinkRequestDeps & { sql: D['sql'] }, adviser: AdviserRecord) => Promise<T>,
): Promise<T> {
  const user = sessionUserOf(req);
  const adviser = user.adviserSlug ? await findAdviserBySlug(deps.sql, user.adviserSlug) : null;
  if (!adviser) throw httpError.forbidden(NO_ADVISER_PAGE_MESSAGE);
  const linkDeps = {
    sql: deps.sql,
    store: deps.store,
    signer: deps.signer,
    publicUrl: deps.publicUrl(),
    now: deps.clock(),
    metadata: { correlationId: res.locals.requestId as string, causationId: randomUUID() },
  };
  const sent = await send(linkDeps, adviser).catch((error: unknown) => {
    if (error instanceof LinkRateLimitError) {
      res.setHeader('Retry-After', String(error.retryAfterSeconds));
      throw new HttpError(429, LINK_RATE_LIMIT_MESSAGE, 'RATE_LIMITED');
    }
    throw error;
  });
  deps.onStored();
  return sent;
}

/** POST /api/send-questionnaire-link: a signed-in adviser sends a client a link to their page. */
export function mountSendLink(app: Express, deps: SendLinkDeps): void {
  app.post(sendQuestionnaireLinkEndpoint.path, requireAccess(deps.sessions, 'adviser'), async (req, res) => {
    const body = parseBody(sendQuestionnaireLinkEndpoint, req.body);
    const link = await sendingLinks(deps, req, res, (linkDeps, adviser) =>
      requestQuestionnaireLink(linkDeps, adviser, body),
    );
    const to = body.method === 'email' ? link.clientEmail : link.clientPhone;
    res.status(200).json({ message: linkSentMessage(body.method, to ?? '') });
  });
}
