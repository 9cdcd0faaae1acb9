import { getHouseholdEndpoint } from '@risk-profile/contracts';
import { httpError, requireAccess, sessionUserOf } from '@risk-profile/platform';
import type { Express } from 'express';
import { HOUSEHOLD_NOT_FOUND_MESSAGE, type HouseholdRouteDeps, householdIdOf } from '../household-http';
import { findHousehold, membersOf } from '../household-members';
import { readHousehold } from '../household-stream';
import { householdView } from './household-view';

/** GET /api/adviser/households/:id: another adviser's household is answered as a missing one. */
export function mountGetHousehold(app: Express, deps: HouseholdRouteDeps): void {
  app.get(getHouseholdEndpoint.path, requireAccess(deps.sessions, 'adviser'), async (req, res) => {
    const id = householdIdOf(req);
    const household = await findHousehold(deps.sql, id, sessionUserOf(req).adviserSlug);
    if (!household) throw httpError.notFound(HOUSEHOLD_NOT_FOUND_MESSAGE);
    const [members, state] = await Promise.all([membersOf(deps.sql, [id]), readHousehold(deps.store, id)]);
    res.json(householdView(household, members, state));
  });
}
