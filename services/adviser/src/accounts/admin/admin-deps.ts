import type { EventStore, SessionRevocations, SqlClient } from '@risk-profile/platform';

/** The administrator who makes a change, as the audit trail names them. */
export interface Actor {
  id: string;
  email: string;
}

/** A change an administrator makes to the account `id`. */
export interface AccountCommand {
  id: string;
  actor: Actor;
}

/** What every account use case runs on. */
export interface AdminAccountsDeps {
  sql: SqlClient;
  store: EventStore;
  revocations: SessionRevocations;
  clock: () => Date;
  /** The site's address, for the set-password link. */
  publicUrl: () => string;
  /** Wakes the relay once a link is recorded. */
  onStored: () => void;
}
