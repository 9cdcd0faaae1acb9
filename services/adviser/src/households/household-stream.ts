import { type EventMetadata, type EventStore, handleCommand, retryOnConflict } from '@risk-profile/platform';
import {
  type HouseholdCommand,
  type HouseholdState,
  householdDecider,
  initialHouseholdState,
} from './household.decider';
import { type HouseholdEvent, householdStreamId } from './household.events';

/** The household's state, folded from its stream. */
export async function readHousehold(store: EventStore, householdId: string): Promise<HouseholdState> {
  const events = await store.readStream(householdStreamId(householdId));
  return events.reduce(
    (state, event) =>
      householdDecider.evolve(state, { type: event.type, data: event.data } as HouseholdEvent),
    initialHouseholdState(),
  );
}

/**
 * Runs a command on the household's stream. A command that lost a race (two members confirming
 * at once) is decided again on the winner's events, so neither confirmation is lost and the last
 * one writes the confirmed record.
 */
export async function runHouseholdCommand(
  store: EventStore,
  householdId: string,
  command: HouseholdCommand,
  options: { metadata: EventMetadata; newStream?: boolean },
): Promise<{ state: HouseholdState; events: HouseholdEvent[] }> {
  return retryOnConflict(() =>
    handleCommand({
      ...householdDecider,
      eventStore: store,
      streamId: householdStreamId(householdId),
      command,
      metadata: options.metadata,
      ...(options.newStream ? { newStream: true } : {}),
    }),
  );
}
