import { getHouseholdEndpoint } from '@risk-profile/contracts';
import { httpError, requireAccess, sessionUserOf } from '@risk-profile/platform';
import type { Express } from 'express';
import { questionnaireLink } from '../../links/send-link.handler';
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
    const created = state.status === 'none' ? [] : state.household.members;
    const inPersonUrl = (row: { memberId: string }): string | null => {
      const member = created.find((m) => m.memberId === row.memberId);
      if (!member?.inPerson) return null;
      const client = { clientName: member.name, clientEmail: member.email, clientPhone: member.phone };
      const link = questionnaireLink(
        { signer: deps.signer, publicUrl: deps.publicUrl() },
        household.adviserSlug,
        {
          ...client,
          linkId: member.linkId,
        },
      );
      return link.url.toString();
    };
    res.json(householdView(household, members, state, inPersonUrl));
  });
}
