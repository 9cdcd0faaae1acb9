import { getHouseholdConfirmationEndpoint } from '@risk-profile/contracts';
import { parseQuery } from '@risk-profile/platform';
import type { Express, RequestHandler } from 'express';
import { type HouseholdRouteDeps, toHouseholdHttpError } from '../household-http';
import { confirmationView, confirmingHousehold, confirmSubjectOf } from './household-confirmation';

/** GET /api/household-confirmations?token=: what the member's link asks them to confirm. */
export function mountGetHouseholdConfirmation(
  app: Express,
  deps: HouseholdRouteDeps,
  limit: RequestHandler,
): void {
  app.get(getHouseholdConfirmationEndpoint.path, limit, async (req, res) => {
    const { token } = parseQuery(getHouseholdConfirmationEndpoint, req.query);
    const subject = confirmSubjectOf(deps.confirmTokens, token);
    const state = await confirmingHousehold(deps, subject).catch((error: unknown) => {
      throw toHouseholdHttpError(error);
    });
    res.json(confirmationView(state, subject.memberId));
  });
}
