import { MESSAGES, type ResolvedShortLink, resolveShortLinkEndpoint } from '@risk-profile/contracts';
import {
  HttpError,
  type Logger,
  type PerMinuteLimit,
  parseBody,
  perAddressLimit,
  perMinute,
  type SqlExecutor,
} from '@risk-profile/platform';
import type { Express } from 'express';
import type { LinkTokenSigner } from './link-token-signer';
import { findShortLink } from './short-links';

export const SHORT_LINK_RATE_LIMIT_MESSAGE =
  'Too many link lookups from this address. Please try again in a minute.';

export interface ResolveLinkDeps {
  sql: SqlExecutor;
  signer: LinkTokenSigner;
  logger: Logger;
  clock: () => Date;
  /** Lookups per client address per minute, counted in `store` (0 turns the limit off). */
  rateLimit: PerMinuteLimit;
}

/**
 * POST /api/questionnaire-links/resolve: the page at `/l/<code>` asks where a short link leads,
 * then opens the adviser's page with the token exactly as the long link does. Unknown, expired
 * and (should the key have changed) unverifiable links all get the long link's one message. Every
 * lookup counts against the address's limit, so guessing codes costs a minute per few tries.
 */
export function mountResolveLink(app: Express, deps: ResolveLinkDeps): void {
  const perIp = perAddressLimit({ ...perMinute(deps.rateLimit), message: SHORT_LINK_RATE_LIMIT_MESSAGE });

  app.post(resolveShortLinkEndpoint.path, perIp, async (req, res) => {
    const { code } = parseBody(resolveShortLinkEndpoint, req.body);
    const link = await findShortLink(deps.sql, code, deps.clock());
    const verified = link ? deps.signer.verify(link.token) : undefined;
    if (!link || !verified?.ok) {
      const reason = verified && !verified.ok ? verified.reason : 'unknown-or-expired';
      deps.logger.info({ reqId: res.locals.requestId, reason }, 'short link refused');
      throw new HttpError(400, MESSAGES.invalidLink, 'INVALID_LINK_TOKEN');
    }
    res.status(200).json({ adviserSlug: link.adviserSlug, token: link.token } satisfies ResolvedShortLink);
  });
}
