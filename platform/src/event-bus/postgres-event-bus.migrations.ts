import type { Migration } from '../sql/migrations';

/**
 * The bus log. A message's place in its partition is (transaction_id, seq): the id of the
 * transaction that wrote it, then a sequence number. Consumers only read rows whose transaction
 * is older than every transaction still running, so a row that commits late can never land
 * behind an offset a consumer already committed (see the fetch query in postgres-partition-worker.ts).
 */
export const eventBusMigrations: readonly Migration[] = [
  {
    id: '001-create-bus',
    sql: `
CREATE TABLE bus_topics (
  topic text PRIMARY KEY,
  partitions int NOT NULL CHECK (partitions > 0),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE bus_messages (
  topic text NOT NULL,
  partition int NOT NULL,
  transaction_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
  seq bigserial NOT NULL,
  id text NOT NULL,
  key text NOT NULL,
  value jsonb NOT NULL,
  headers jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (topic, partition, transaction_id, seq)
);
CREATE TABLE bus_consumer_offsets (
  group_id text NOT NULL,
  topic text NOT NULL,
  partition int NOT NULL,
  offset_tx xid8 NOT NULL DEFAULT '0'::xid8,
  offset_seq bigint NOT NULL DEFAULT 0,
  owner text,
  lease_until timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (group_id, topic, partition)
);
CREATE TABLE bus_group_members (
  group_id text NOT NULL,
  member_id text NOT NULL,
  lease_until timestamptz NOT NULL,
  PRIMARY KEY (group_id, member_id)
);
`,
  },
];
