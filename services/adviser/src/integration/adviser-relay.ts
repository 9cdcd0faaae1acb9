import type { PlatformDeps, Relay, RoutedMessage, StoredEvent } from '@risk-profile/platform';
import { PostgresCheckpointStore, startRelay } from '@risk-profile/platform';
import { routeAccountLinkEvent } from '../accounts/account-links-relay';
import { routeHouseholdEvent } from '../households/households';
import { routeLinkEvent } from '../links/links-relay';

/** Kept from when the relay published only link requests, so its checkpoint carries on. */
export const ADVISER_RELAY_NAME = 'adviser-questionnaire-links';

/** What a stored event of the adviser service publishes: a link request, an account link, a household's. */
export const routeAdviserEvent = (event: StoredEvent): RoutedMessage[] => [
  ...routeLinkEvent(event),
  ...routeAccountLinkEvent(event),
  ...routeHouseholdEvent(event),
];

/**
 * One relay publishes everything the adviser service stores, from its checkpoint on, until
 * stopped: a relay per kind would each read the whole store for its own few events.
 */
export async function startAdviserRelay(deps: PlatformDeps): Promise<Relay> {
  const checkpoints = await PostgresCheckpointStore.create(deps.sql);
  return startRelay({
    name: ADVISER_RELAY_NAME,
    store: deps.eventStore,
    bus: deps.bus,
    checkpoints,
    logger: deps.logger,
    pollIntervalMs: deps.pollIntervalMs,
    route: routeAdviserEvent,
  });
}
