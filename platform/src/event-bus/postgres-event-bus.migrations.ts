import type { Migration } from '../sql/migrations';

/**
 * The bus log. Like Kafka's record batches, one row holds the messages one publish wrote to one
 * partition, in order (`bus_batches.records`, a JSON array of {id, key, value, headers}): a
 * request that publishes a hundred question events writes one row, not a hundred, which is what
 * lets the embedded bus keep up with analytics ingest. A row's place in
 * its partition is (transaction_id, seq): the id of the transaction that wrote it, then a sequence
 * number; a message's place is that plus its index in the row. Consumers only read rows whose
 * transaction is older than every transaction still running, so a row that commits late can never
 * land behind an offset a consumer already committed (see the fetch query in
 * postgres-partition-worker.ts). The view `bus_messages` shows one row per message, for people
 * and tests reading the log.
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
  {
    // Rows written before this migration become batches of one message; offsets point at the last
    // message read (index 0 of the row they pointed at), so every consumer resumes where it was.
    id: '002-record-batches',
    sql: `
ALTER TABLE bus_messages RENAME TO bus_batches;
ALTER INDEX bus_messages_pkey RENAME TO bus_batches_pkey;
ALTER SEQUENCE bus_messages_seq_seq RENAME TO bus_batches_seq_seq;
ALTER TABLE bus_batches ADD COLUMN records text;
ALTER TABLE bus_batches ADD COLUMN records_count int NOT NULL DEFAULT 1;
UPDATE bus_batches SET records = json_build_array(json_build_object('id', id, 'key', key, 'value', value, 'headers', headers))::text;
ALTER TABLE bus_batches ALTER COLUMN records SET NOT NULL;
ALTER TABLE bus_batches ALTER COLUMN records_count DROP DEFAULT;
ALTER TABLE bus_batches ADD CHECK (records_count > 0);
ALTER TABLE bus_batches DROP COLUMN id, DROP COLUMN key, DROP COLUMN value, DROP COLUMN headers;
ALTER TABLE bus_consumer_offsets ADD COLUMN offset_index int NOT NULL DEFAULT 0;
CREATE VIEW bus_messages AS
SELECT b.topic, b.partition, b.transaction_id, b.seq, (r.ordinality - 1)::int AS index,
       r.record->>'id' AS id, r.record->>'key' AS key, r.record->'value' AS value,
       r.record->'headers' AS headers, b.created_at
FROM bus_batches b CROSS JOIN LATERAL jsonb_array_elements(b.records::jsonb) WITH ORDINALITY AS r(record, ordinality);
`,
  },
  {
    // A batch's records are stored out of line without compression: compressing them was most of
    // the insert's cost on PGlite's main thread, not worth the disk it saves for a log kept only
    // BUS_RETENTION_HOURS. Rows written before keep their compressed form; both read the same.
    id: '003-uncompressed-records',
    sql: `ALTER TABLE bus_batches ALTER COLUMN records SET STORAGE EXTERNAL;`,
  },
];
