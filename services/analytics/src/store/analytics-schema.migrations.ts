/**
 * The ClickHouse schema, as versioned migrations applied in order at start (docs/analytics-schema.md
 * describes every column). `{db}` is the configured database name, checked to be an identifier.
 *
 * Deduplication lives in ClickHouse itself: both tables are ReplacingMergeTree, so a redelivered
 * event (same sorting key) collapses into one row at merge time, and every query reads with FINAL
 * so duplicates not yet merged never count twice.
 */
export interface ClickHouseMigration {
  id: string;
  statements: readonly string[];
}

export const ANALYTICS_MIGRATIONS: readonly ClickHouseMigration[] = [
  {
    id: '001-question-events-and-assessments',
    statements: [
      // The sorting key starts with the question so per-question aggregates read in order; the
      // event id at its end makes a redelivery of one event the only thing that collapses.
      `CREATE TABLE IF NOT EXISTS {db}.question_events (
        event_id UUID,
        session_id String,
        question_id LowCardinality(String),
        question_number UInt8,
        device_type LowCardinality(String),
        viewed_at DateTime64(3, 'UTC'),
        answered_at Nullable(DateTime64(3, 'UTC')),
        time_spent_ms UInt32,
        answer_changes UInt16,
        final_answer Nullable(UInt8),
        received_at DateTime64(3, 'UTC')
      ) ENGINE = ReplacingMergeTree
      ORDER BY (question_number, session_id, event_id)`,
      // One row per assessment after merging: the signed version (stage 2) replaces the draft.
      `CREATE TABLE IF NOT EXISTS {db}.assessments (
        assessment_id UUID,
        stage UInt8,
        session_id Nullable(String),
        device_type LowCardinality(Nullable(String)),
        adviser_slug Nullable(String),
        risk_score UInt8,
        risk_group UInt8,
        original_profile LowCardinality(String),
        selected_profile LowCardinality(String),
        profile_changed Bool,
        created_at DateTime64(3, 'UTC'),
        signed_at Nullable(DateTime64(3, 'UTC')),
        event_id UUID
      ) ENGINE = ReplacingMergeTree(stage)
      ORDER BY assessment_id`,
    ],
  },
];
