import type { EventStore } from '@risk-profile/platform';

export interface AssessmentRouteDeps {
  store: EventStore;
  clock: () => Date;
  /** Called after events were stored, so the relay publishes them now rather than at its next poll. */
  onStored: () => void;
}
