import { randomUUID } from 'node:crypto';
import {
  type agreeHouseholdProfileBodySchema,
  decideAgreedProfile,
  type HouseholdView,
} from '@risk-profile/contracts';
import { type EventMetadata, type EventStore, httpError, type SqlClient } from '@risk-profile/platform';
import type { z } from 'zod';
import { type AdviserRecord, reportAdviserOf } from '../../advisers/adviser-repository';
import type { HouseholdProfileAgreed } from '../household.events';
import type { HouseholdConfirmTokens } from '../household-confirm-token';
import { NOT_ALL_SIGNED_MESSAGE } from '../household-http';
import { type HouseholdRow, isReadyToAgree, isSigned, membersOf } from '../household-members';
import { runHouseholdCommand } from '../household-stream';
import { compareMembers, householdView } from '../household-view/household-view';

/** Where a member's confirmation link opens (the front end's page). */
export const CONFIRM_PAGE_PATH = '/household-confirm';

/**
 * Records the household's profile for joint money on the members' signed results, with a
 * confirmation link for each member that names this agreement (so agreeing again replaces the
 * agreement, its links and its confirmations). Members whose data was erased or restricted take
 * no part; at least two signed members are needed.
 */
export async function agreeHouseholdProfile(
  deps: {
    sql: SqlClient;
    store: EventStore;
    confirmTokens: HouseholdConfirmTokens;
    publicUrl: string;
    now: Date;
    metadata: EventMetadata;
  },
  adviser: AdviserRecord,
  household: HouseholdRow,
  body: z.output<typeof agreeHouseholdProfileBodySchema>,
): Promise<HouseholdView> {
  const members = await membersOf(deps.sql, [household.id]);
  if (!isReadyToAgree(members)) throw httpError.conflict(NOT_ALL_SIGNED_MESSAGE, 'NOT_ALL_SIGNED');
  const signed = members.filter(isSigned);
  const decided = decideAgreedProfile(signed, body);
  if (!decided.ok) throw httpError.badRequest(decided.error);

  const agreementId = randomUUID();
  const data: HouseholdProfileAgreed['data'] = {
    householdId: household.id,
    name: household.name,
    adviser: reportAdviserOf(adviser),
    agreed: {
      profile: body.profile,
      reason: body.reason,
      ...decided.decision,
      agreedBy: adviser.adviserName,
      agreedAt: deps.now.toISOString(),
    },
    members: signed.map((member) => {
      const { token, expiresAt } = deps.confirmTokens.sign({
        householdId: household.id,
        memberId: member.memberId,
        agreementId,
      });
      const confirmUrl = new URL(CONFIRM_PAGE_PATH, deps.publicUrl);
      confirmUrl.searchParams.set('token', token);
      return {
        memberId: member.memberId,
        name: member.name,
        email: member.email,
        phone: member.phone,
        assessmentId: member.assessmentId,
        riskScore: member.riskScore,
        riskGroup: member.riskGroup,
        recommendedProfile: member.recommendedProfile,
        profile: member.profile,
        capacityForLoss: member.capacityForLoss,
        maxGroupForCapacity: member.maxGroupForCapacity,
        signedAt: member.signedAt.toISOString(),
        confirmUrl: confirmUrl.toString(),
        confirmExpiresAt: expiresAt,
      };
    }),
    agreementId,
    ...compareMembers(signed),
  };
  const { state } = await runHouseholdCommand(
    deps.store,
    household.id,
    { type: 'AgreeHouseholdProfile', data },
    { metadata: deps.metadata },
  );
  return householdView(household, members, state);
}
