import { createHouseholdEndpoint } from '@risk-profile/contracts';
import { parseBody, requireAccess } from '@risk-profile/platform';
import type { Express } from 'express';
import { sendingLinks } from '../../links/send-link.route';
import type { HouseholdRouteDeps } from '../household-http';
import { createHousehold } from './create-household.handler';

/** POST /api/adviser/households: a signed-in adviser creates a household and sends its links. */
export function mountCreateHousehold(app: Express, deps: HouseholdRouteDeps): void {
  app.post(createHouseholdEndpoint.path, requireAccess(deps.sessions, 'adviser'), async (req, res) => {
    const body = parseBody(createHouseholdEndpoint, req.body);
    const created = await sendingLinks(deps, req, res, (linkDeps, adviser) =>
      createHousehold(linkDeps, adviser, body),
    );
    res.status(201).json(created);
  });
}
