import type { PlatformDeps } from '@risk-profile/platform';

/**
 * What each of notification's consumer groups (the deliveries', the webhooks') is given: the
 * platform's database, bus, clock and log, and the sender to wake.
 */
export type ConsumerDeps = Pick<PlatformDeps, 'sql' | 'bus' | 'clock' | 'logger'> & {
  /** Deliveries were recorded: the sender looks now rather than at its next poll. */
  onRecorded: () => void;
};
