import type { householdConfirmationSchema } from '@risk-profile/contracts';
import type { EventMetadata, EventStore, SqlExecutor } from '@risk-profile/platform';
import type { z } from 'zod';
import type { HouseholdConfirmSubject } from '../household-confirm-token';
import { runHouseholdCommand } from '../household-stream';
import { confirmationView, confirmingHousehold } from './household-confirmation';

/**
 * The member confirms the agreement their link names, with their signature. The decider refuses
 * a second confirmation and, with the last member's, writes the confirmed household record in the
 * same append; a confirmation racing another is decided again on it (runHouseholdCommand).
 */
export async function confirmHouseholdProfile(
  deps: { sql: SqlExecutor; store: EventStore; now: Date; metadata: EventMetadata },
  subject: HouseholdConfirmSubject,
  signatureName: string,
): Promise<z.infer<typeof householdConfirmationSchema>> {
  await confirmingHousehold(deps, subject);
  const { state } = await runHouseholdCommand(
    deps.store,
    subject.householdId,
    {
      type: 'ConfirmHouseholdProfile',
      data: {
        agreementId: subject.agreementId,
        memberId: subject.memberId,
        signatureName,
        confirmedAt: deps.now.toISOString(),
      },
    },
    { metadata: deps.metadata },
  );
  if (state.status !== 'agreed' && state.status !== 'confirmed')
    throw new Error('a household just confirmed has no agreement');
  return confirmationView(state, subject.memberId);
}
