import { HttpError, httpError, type PerMinuteLimit, type SqlClient } from '@risk-profile/platform';
import type { Request } from 'express';
import type { SendLinkDeps } from '../links/send-link.route';
import { HouseholdError, type HouseholdErrorCode } from './household.decider';
import type { HouseholdConfirmTokens } from './household-confirm-token';

/** As for sending links (a household sends its members' links), and a household's own parts. */
export interface HouseholdRouteDeps extends SendLinkDeps {
  sql: SqlClient;
  confirmTokens: HouseholdConfirmTokens;
  /** Lookups and confirmations of confirmation links per client address (public endpoints). */
  confirmationRateLimit: PerMinuteLimit;
}

export const HOUSEHOLD_NOT_FOUND_MESSAGE = 'No such household.';
export const NOT_ALL_SIGNED_MESSAGE =
  "Every member must sign their own assessment (at least two members) before the household's profile can be agreed.";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const NOT_A_HOUSEHOLD_ID_MESSAGE = 'This is not a household id.';

/** The id in the path; a malformed one is refused as the household report refuses it (400). */
export function householdIdOf(req: Request): string {
  const id = String(req.params.id);
  if (!UUID.test(id)) throw httpError.badRequest(NOT_A_HOUSEHOLD_ID_MESSAGE);
  return id.toLowerCase();
}

/** One table from the decider's codes to HTTP: a link of a replaced agreement is gone (404). */
const STATUS_BY_CODE: Record<HouseholdErrorCode, number> = {
  HOUSEHOLD_NOT_FOUND: 404,
  HOUSEHOLD_EXISTS: 409,
  HOUSEHOLD_CONFIRMED: 409,
  AGREEMENT_REPLACED: 404,
  MEMBER_NOT_FOUND: 404,
  MEMBER_CONFIRMED: 409,
};

export function toHouseholdHttpError(error: unknown): unknown {
  if (error instanceof HouseholdError)
    return new HttpError(STATUS_BY_CODE[error.code], error.message, error.code);
  return error;
}
