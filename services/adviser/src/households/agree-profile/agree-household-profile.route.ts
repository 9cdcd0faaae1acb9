import { randomUUID } from 'node:crypto';
import { agreeHouseholdProfileEndpoint } from '@risk-profile/contracts';
import { httpError, parseBody, requireAccess, sessionUserOf } from '@risk-profile/platform';
import type { Express } from 'express';
import { findAdviserBySlug } from '../../advisers/adviser-repository';
import {
  HOUSEHOLD_NOT_FOUND_MESSAGE,
  type HouseholdRouteDeps,
  householdIdOf,
  toHouseholdHttpError,
} from '../household-http';
import { findHousehold } from '../household-members';
import { agreeHouseholdProfile } from './agree-household-profile.handler';

/** POST /api/adviser/households/:id/agreed-profile: the adviser records the household's profile. */
export function mountAgreeHouseholdProfile(app: Express, deps: HouseholdRouteDeps): void {
  app.post(agreeHouseholdProfileEndpoint.path, requireAccess(deps.sessions, 'adviser'), async (req, res) => {
    const id = householdIdOf(req);
    const slug = sessionUserOf(req).adviserSlug;
    const household = await findHousehold(deps.sql, id, slug);
    const adviser = household && slug ? await findAdviserBySlug(deps.sql, slug) : null;
    if (!household || !adviser) throw httpError.notFound(HOUSEHOLD_NOT_FOUND_MESSAGE);
    const body = parseBody(agreeHouseholdProfileEndpoint, req.body);
    const view = await agreeHouseholdProfile(
      {
        sql: deps.sql,
        store: deps.store,
        confirmTokens: deps.confirmTokens,
        publicUrl: deps.publicUrl(),
        now: deps.clock(),
        metadata: { correlationId: res.locals.requestId as string, causationId: randomUUID() },
      },
      adviser,
      household,
      body,
    ).catch((error: unknown) => {
      throw toHouseholdHttpError(error);
    });
    deps.onStored();
    res.status(200).json(view);
  });
}
