import { perAddressLimit, perMinute } from '@risk-profile/platform';
import type { Express } from 'express';
import { mountAgreeHouseholdProfile } from './agree-profile/agree-household-profile.route';
import { mountConfirmHouseholdProfile } from './confirm-profile/confirm-household-profile.route';
import { mountGetHouseholdConfirmation } from './confirm-profile/get-household-confirmation.route';
import { mountCreateHousehold } from './create-household/create-household.route';
import type { HouseholdRouteDeps } from './household-http';
import { mountGetHousehold } from './household-view/get-household.route';
import { mountListHouseholds } from './household-view/list-households.route';

export { createHouseholdConfirmTokens } from './household-confirm-token';
export { openHouseholdDataProtection } from './household-data-protection';
export { subscribeHouseholdProjection } from './household-projection';
export { HOUSEHOLD_MIGRATIONS } from './households.migrations';
export { routeHouseholdEvent } from './households-relay';

/** The households' routes (docs/households.md), each its own use case. */
export function mountHouseholds(app: Express, deps: HouseholdRouteDeps): void {
  mountCreateHousehold(app, deps);
  mountListHouseholds(app, deps);
  mountGetHousehold(app, deps);
  mountAgreeHouseholdProfile(app, deps);
  // One count per address for reading and confirming: a token guessed at either costs the same.
  const confirmationLimit = perAddressLimit(perMinute(deps.confirmationRateLimit));
  mountGetHouseholdConfirmation(app, deps, confirmationLimit);
  mountConfirmHouseholdProfile(app, deps, confirmationLimit);
}
