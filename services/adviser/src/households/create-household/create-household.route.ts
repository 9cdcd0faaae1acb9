import { randomUUID } from 'node:crypto';
import { createHouseholdEndpoint } from '@risk-profile/contracts';
import { HttpError, httpError, parseBody, requireAccess, sessionUserOf } from '@risk-profile/platform';
import type { Express } from 'express';
import { findAdviserBySlug } from '../../advisers/adviser-repository';
import { LinkRateLimitError } from '../../links/link-requests';
import { LINK_RATE_LIMIT_MESSAGE, NO_ADVISER_PAGE_MESSAGE } from '../../links/send-link.route';
import type { HouseholdRouteDeps } from '../household-http';
import { createHousehold } from './create-household.handler';

/** POST /api/adviser/households: a signed-in adviser creates a household and sends its links. */
export function mountCreateHousehold(app: Express, deps: HouseholdRouteDeps): void {
  app.post(createHouseholdEndpoint.path, requireAccess(deps.sessions, 'adviser'), async (req, res) => {
    const user = sessionUserOf(req);
    const body = parseBody(createHouseholdEndpoint, req.body);
    const adviser = user.adviserSlug ? await findAdviserBySlug(deps.sql, user.adviserSlug) : null;
    if (!adviser) throw httpError.forbidden(NO_ADVISER_PAGE_MESSAGE);
    const created = await createHousehold(
      {
        sql: deps.sql,
        store: deps.store,
        signer: deps.signer,
        publicUrl: deps.publicUrl(),
        now: deps.clock(),
        metadata: { correlationId: res.locals.requestId as string, causationId: randomUUID() },
      },
      adviser,
      body,
    ).catch((error: unknown) => {
      if (error instanceof LinkRateLimitError) {
        res.setHeader('Retry-After', String(error.retryAfterSeconds));
        throw new HttpError(429, LINK_RATE_LIMIT_MESSAGE, 'RATE_LIMITED');
      }
      throw error;
    });
    deps.onStored();
    res.status(201).json(created);
  });
}
