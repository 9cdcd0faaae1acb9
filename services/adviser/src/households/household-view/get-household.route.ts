import { getHouseholdEndpoint } from '@risk-profile/contracts';
import { appendAccess, clientIp, httpError, requireAccess, sessionUserOf } from '@risk-profile/platform';
import type { Express } from 'express';
import { questionnaireLink } from '../../links/send-link.handler';
import { HOUSEHOLD_NOT_FOUND_MESSAGE, type HouseholdRouteDeps, householdIdOf } from '../household-http';
import { findHousehold, membersOf } from '../household-members';
import { readHousehold } from '../household-stream';
import { householdView } from './household-view';
import { householdViewEntries } from './household-view-access';

/**
 * GET /api/adviser/households/:id: another adviser's household is answered as a missing one. The
 * view shows the members' names and results, so it is appended to the access log before it goes.
 */
export function mountGetHousehold(app: Express, deps: HouseholdRouteDeps): void {
  app.get(getHouseholdEndpoint.path, requireAccess(deps.sessions, 'adviser'), async (req, res) => {
    const id = householdIdOf(req);
    const user = sessionUserOf(req);
    const household = await findHousehold(deps.sql, id, user.adviserSlug);
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
    await appendAccess(
      deps.sql,
      ...householdViewEntries(id, members, {
        at: deps.clock(),
        actorEmail: user.email,
        actorRole: 'adviser',
        ipAddress: clientIp(req),
      }),
    );
    res.json(householdView(household, members, state, inPersonUrl));
  });
}
