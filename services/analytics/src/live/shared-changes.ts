import { randomUUID } from 'node:crypto';
import type { Listening, Logger, PgSqlClient } from '@risk-profile/platform';
import { ChangeFeed } from './change-feed';

/**
 * The PostgreSQL channel on which analytics instances announce their writes to each other, one per
 * schema: channels are database-wide, and instances that share a store share their schema.
 */
async function channelOf(sql: PgSqlClient): Promise<string> {
  const { rows } = await sql.query<{ schema: string }>('SELECT current_schema() AS schema');
  return `analytics_changed:${rows[0]?.schema ?? 'public'}`;
}

export interface SharedChanges {
  /** This instance wrote to the store: the others are told (coalesced like the change feed). */
  written(): void;
  close(): Promise<void>;
}

/**
 * With a ClickHouse server any number of analytics instances project into one store, each from
 * its share of the bus partitions, while an open dashboard listens to one of them: every write is
 * announced on a PostgreSQL channel (the database the instances already share), and a notice
 * from another instance, or a reconnection after which notices may have been missed, announces
 * a change on this instance's feed.
 */
export async function shareChanges(
  sql: PgSqlClient,
  changes: ChangeFeed,
  logger: Logger,
): Promise<SharedChanges> {
  const instance = randomUUID();
  const channel = await channelOf(sql);
  const listening: Listening = await sql.listen(channel, (payload) => {
    if (payload !== instance) changes.changed();
  });
  const outgoing = new ChangeFeed();
  outgoing.subscribe(() => {
    sql
      .notify(channel, instance)
      .catch((error: unknown) =>
        logger.warn({ err: error }, 'could not tell other analytics instances of a write'),
      );
  });
  return {
    written: () => outgoing.changed(),
    close: async () => {
      outgoing.close();
      await listening.close();
    },
  };
}
