import { listHouseholdsEndpoint } from '@risk-profile/contracts';
import {
  decodeKeysetCursor,
  encodeKeysetCursor,
  parseQuery,
  requireAccess,
  sessionUserOf,
} from '@risk-profile/platform';
import type { Express } from 'express';
import type { HouseholdRouteDeps } from '../household-http';
import { isReadyToAgree, isSigned, listHouseholdRows, membersOf } from '../household-members';
import { compareMembers, householdStatus } from './household-view';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** GET /api/adviser/households: the adviser's own, newest first, a page at a time. */
export function mountListHouseholds(app: Express, deps: HouseholdRouteDeps): void {
  app.get(listHouseholdsEndpoint.path, requireAccess(deps.sessions, 'adviser'), async (req, res) => {
    const { cursor, limit } = parseQuery(listHouseholdsEndpoint, req.query);
    const adviserSlug = sessionUserOf(req).adviserSlug;
    const after = cursor ? decodeKeysetCursor(cursor, UUID) : null;
    if (!adviserSlug) return void res.json({ households: [], nextCursor: null });
    // One row more than the page tells whether another page follows.
    const rows = await listHouseholdRows(deps.sql, adviserSlug, { after, limit: limit + 1 });
    const page = rows.slice(0, limit);
    const members = await membersOf(
      deps.sql,
      page.map((row) => row.id),
    );
    const households = page.map((row) => {
      const own = members.filter((member) => member.householdId === row.id);
      const ready = isReadyToAgree(own);
      return {
        id: row.id,
        name: row.name,
        createdAt: row.createdAt.toISOString(),
        status: householdStatus(own, { agreed: row.agreedAt !== null, confirmed: row.confirmedAt !== null }),
        memberCount: own.length,
        signedCount: own.filter(isSigned).length,
        flagged: ready && compareMembers(own.filter(isSigned)).flags.length > 0,
      };
    });
    const last = page[page.length - 1];
    res.json({
      households,
      nextCursor:
        rows.length > limit && last
          ? encodeKeysetCursor({ at: last.createdAt.toISOString(), id: last.id })
          : null,
    });
  });
}
