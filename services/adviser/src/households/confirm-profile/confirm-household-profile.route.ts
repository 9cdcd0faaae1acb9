import { randomUUID } from 'node:crypto';
import { confirmHouseholdProfileEndpoint } from '@risk-profile/contracts';
import { parseBody } from '@risk-profile/platform';
import type { Express, RequestHandler } from 'express';
import { type HouseholdRouteDeps, toHouseholdHttpError } from '../household-http';
import { confirmHouseholdProfile } from './confirm-household-profile.handler';
import { confirmSubjectOf } from './household-confirmation';

/** POST /api/household-confirmations: a member confirms the agreed profile from their link. */
export function mountConfirmHouseholdProfile(
  app: Express,
  deps: HouseholdRouteDeps,
  limit: RequestHandler,
): void {
  app.post(confirmHouseholdProfileEndpoint.path, limit, async (req, res) => {
    const body = parseBody(confirmHouseholdProfileEndpoint, req.body);
    const subject = confirmSubjectOf(deps.confirmTokens, body.token);
    const confirmation = await confirmHouseholdProfile(
      {
        sql: deps.sql,
        store: deps.store,
        now: deps.clock(),
        metadata: { correlationId: res.locals.requestId as string, causationId: randomUUID() },
      },
      subject,
      body.signatureName,
    ).catch((error: unknown) => {
      throw toHouseholdHttpError(error);
    });
    deps.onStored();
    res.status(200).json(confirmation);
  });
}
