import {
  DOCUMENTED_COMMENT_STATEMENTS,
  HOUSEHOLD_COMMENT_STATEMENTS,
  QUESTIONNAIRE_VERSION_COMMENT_STATEMENTS,
} from './analytics-schema.comments';

/**
 * The ClickHouse schema, as versioned migrations applied in order at start (docs/analytics-schema.md
 * describes every column). `{db}` is the configured database name, checked to be an identifier.
 *
 * Deduplication lives in ClickHouse itself: the source tables are ReplacingMergeTree, so a
 * redelivered event (same sorting key) collapses into one row at merge time, and every query reads
 * with FINAL (or as a set) so duplicates not yet merged never count twice.
 */
export interface ClickHouseMigration {
  id: string;
  statements: readonly string[];
}

/**
 * A session's key in the folded tables: the 128-bit SipHash of its id. The page's ids are UUIDs as
 * text (36 characters, any string up to 100 by contract); a fixed 16-byte integer sorts, merges and
 * looks up faster. Two ids sharing a key would be folded as one session; for random ids that
 * takes about 2^64 sessions, and a client crafting one could only blur its own analytics with
 * another's.
 */
export const sessionKeyOf = (id: string): string => `reinterpretAsUInt128(sipHash128(${id}))`;

/**
 * The time in a session's id as migration 005 sorted by it: 1970-01-01 for ids that are not
 * UUIDv7. Superseded by sessionIdMsOf (006): a single such id in a new part made that part overlap
 * every row, and the conversion of times beyond DateTime64's range is ClickHouse's to change.
 */
const sessionIdTimeOf = (id: string): string => `UUIDv7ToDateTime(toUUIDOrZero(${id}), 'UTC')`;

/** Every id that is not a UUIDv7 in its canonical text sorts here: after every v7 time (2^48 ms). */
export const NOT_V7_MS = 2 ** 48;

/**
 * The milliseconds in a session's id, which the folded tables are sorted by first (migration
 * 006). The page makes UUIDv7 ids, which begin with the browser's clock in epoch milliseconds when
 * the session began (48 bits, read from the text's first twelve hex digits); any other id (the
 * page's random UUIDs before 005, ids that are no UUID) gives NOT_V7_MS, after every v7 time.
 *
 * Sessions then lie in the tables in about the order they happened, so a part of new events
 * overlaps only the newest rows of the older parts, and a FINAL read folds just that overlap and
 * reads the rest as it is (ClickHouse splits FINAL reads into intersecting and non-intersecting
 * ranges). A part with an id of the other kind also overlaps the other ids' rows, which sort last.
 * The value is integer arithmetic on the id's text, so it is the same for every event of a session
 * on any ClickHouse version; it only orders rows: a wrong clock or a crafted id costs a little
 * speed, never a wrong count, as the session key still tells sessions apart.
 */
export const sessionIdMsOf = (id: string): string =>
  `if(match(${id}, '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-7[0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}$'),
      reinterpretAsUInt64(reverse(unhex(concat(substring(${id}, 1, 8), substring(${id}, 10, 4))))),
      toUInt64(${NOT_V7_MS}))`;

/** A session's state per question: first view, answered at all, and the latest time and changes. */
const QUESTION_FOLDS = `
  any(question_id) AS question_id,
  min(viewed_at) AS first_viewed_at,
  max(toUInt8(answered_at IS NOT NULL)) AS answered,
  max(if(answered_at IS NULL, toUInt32(0), time_spent_ms)) AS time_spent_ms,
  max(if(answered_at IS NULL, toUInt16(0), answer_changes)) AS answer_changes`;

/** A session's device, first view and last activity (a view or an answer). */
const SESSION_FOLDS = `
  any(device_type) AS device_type,
  min(viewed_at) AS first_viewed_at,
  max(greatest(viewed_at, ifNull(answered_at, viewed_at))) AS last_activity_at`;

/** What sessions folds to, with the id beside its key (migration 004 on). */
const SESSION_WITH_ID_FOLDS = `any(session_id) AS session_id, ${SESSION_FOLDS}`;

/**
 * The events folded per `keys`: columns of the events or derived from their session id
 * (session_key, session_id_time, session_id_ms).
 */
const foldEvents = (keys: string, folds: string): string => `
  SELECT ${keys}, ${folds}
  FROM (SELECT *, ${sessionKeyOf('session_id')} AS session_key, ${sessionIdTimeOf('session_id')} AS session_id_time,
               ${sessionIdMsOf('session_id')} AS session_id_ms
        FROM {db}.question_events)
  GROUP BY ${keys}`;

/** The folded tables of migration 002, keyed by the session id's text. */
const SESSION_QUESTIONS_SELECT = foldEvents('question_number, session_id', QUESTION_FOLDS);
const SESSIONS_SELECT = foldEvents('session_id', SESSION_FOLDS);

/**
 * Keyed by the session key (migration 004). session_questions does not keep the session id: 36
 * random characters on each of its rows cost more in every merge than the key itself; `sessions`
 * maps each key to its id.
 */
const SESSION_QUESTIONS_BY_KEY_SELECT = foldEvents('question_number, session_key', QUESTION_FOLDS);
const SESSIONS_BY_KEY_SELECT = foldEvents('session_key', SESSION_WITH_ID_FOLDS);

/**
 * Rebuilds a folded table from the events under a new definition (`create`, with `{table}` for
 * the new table's name) and swaps it in: every step may run again after a crash (the swap
 * exchanges two complete tables), and the last fill catches events another instance stored while
 * the view was gone; the folded columns make a second fill harmless.
 */
const rebuildFolded = (table: string, create: string, select: string): string[] => [
  `DROP TABLE IF EXISTS {db}.${table}_rebuild`,
  create.replace('{table}', `{db}.${table}_rebuild`),
  `DROP VIEW IF EXISTS {db}.${table}_mv`,
  `INSERT INTO {db}.${table}_rebuild ${select}`,
  `EXCHANGE TABLES {db}.${table} AND {db}.${table}_rebuild`,
  `DROP TABLE {db}.${table}_rebuild`,
  `CREATE MATERIALIZED VIEW IF NOT EXISTS {db}.${table}_mv TO {db}.${table} AS ${select}`,
  `INSERT INTO {db}.${table} ${select}`,
];

/** The folded columns of session_questions after its keys (migration 004 on). */
const SESSION_QUESTION_COLUMNS = `
  question_id SimpleAggregateFunction(any, LowCardinality(String)),
  first_viewed_at SimpleAggregateFunction(min, DateTime64(3, 'UTC')),
  answered SimpleAggregateFunction(max, UInt8),
  time_spent_ms SimpleAggregateFunction(max, UInt32),
  answer_changes SimpleAggregateFunction(max, UInt16)`;

/** The folded columns of sessions after its keys (migration 004 on). */
const SESSION_COLUMNS = `
  session_id SimpleAggregateFunction(any, String),
  device_type SimpleAggregateFunction(any, LowCardinality(String)),
  first_viewed_at SimpleAggregateFunction(min, DateTime64(3, 'UTC')),
  last_activity_at SimpleAggregateFunction(max, DateTime64(3, 'UTC'))`;

/**
 * Both folded tables rebuilt sorted first by `column` (of `type`, derived from the session id in
 * foldEvents), then as before, without partitions (migrations 005 and 006).
 */
const sortFoldedBy = (column: string, type: string): string[] => [
  ...rebuildFolded(
    'session_questions',
    `CREATE TABLE {table} (
      ${column} ${type}, question_number UInt8, session_key UInt128, ${SESSION_QUESTION_COLUMNS}
    ) ENGINE = AggregatingMergeTree
    ORDER BY (${column}, question_number, session_key)`,
    foldEvents(`${column}, question_number, session_key`, QUESTION_FOLDS),
  ),
  ...rebuildFolded(
    'sessions',
    `CREATE TABLE {table} (${column} ${type}, session_key UInt128, ${SESSION_COLUMNS})
    ENGINE = AggregatingMergeTree
    ORDER BY (${column}, session_key)`,
    foldEvents(`${column}, session_key`, SESSION_WITH_ID_FOLDS),
  ),
];

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
  {
    // The dashboard reads these, not the events: one row per session and question, and one per
    // session, kept by materialized views as events arrive. Every column folds with min, max or
    // any, which a redelivered event cannot change, so they need no deduplication of their own;
    // reads use FINAL to fold rows not yet merged. The last statement fills them from the events
    // already stored (it may run twice after a crash: folding makes that harmless).
    id: '002-session-questions-and-sessions',
    statements: [
      `CREATE TABLE IF NOT EXISTS {db}.session_questions (
        question_number UInt8,
        session_id String,
        question_id SimpleAggregateFunction(any, LowCardinality(String)),
        first_viewed_at SimpleAggregateFunction(min, DateTime64(3, 'UTC')),
        answered SimpleAggregateFunction(max, UInt8),
        time_spent_ms SimpleAggregateFunction(max, UInt32),
        answer_changes SimpleAggregateFunction(max, UInt16)
      ) ENGINE = AggregatingMergeTree
      PARTITION BY question_number
      ORDER BY (question_number, session_id)`,
      `CREATE TABLE IF NOT EXISTS {db}.sessions (
        session_id String,
        device_type SimpleAggregateFunction(any, LowCardinality(String)),
        first_viewed_at SimpleAggregateFunction(min, DateTime64(3, 'UTC')),
        last_activity_at SimpleAggregateFunction(max, DateTime64(3, 'UTC'))
      ) ENGINE = AggregatingMergeTree
      ORDER BY session_id`,
      `CREATE MATERIALIZED VIEW IF NOT EXISTS {db}.session_questions_mv TO {db}.session_questions AS
      ${SESSION_QUESTIONS_SELECT}`,
      `CREATE MATERIALIZED VIEW IF NOT EXISTS {db}.sessions_mv TO {db}.sessions AS
      ${SESSIONS_SELECT}`,
      `INSERT INTO {db}.session_questions ${SESSION_QUESTIONS_SELECT}`,
      `INSERT INTO {db}.sessions ${SESSIONS_SELECT}`,
    ],
  },
  {
    // session_questions in two partitions (odd and even questions) instead of eighteen: every
    // insert writes a part into each partition, a large share of an insert's cost; two still let
    // a read fold on both cores. Rebuilt from the events and swapped in (rebuildFolded).
    id: '003-session-questions-two-partitions',
    statements: rebuildFolded(
      'session_questions',
      `CREATE TABLE {table} AS {db}.session_questions
      ENGINE = AggregatingMergeTree
      PARTITION BY question_number % 2
      ORDER BY (question_number, session_id)`,
      SESSION_QUESTIONS_SELECT,
    ),
  },
  {
    // The folded tables keyed by the session key instead of the id's text (see sessionKeyOf);
    // sessions keeps the id beside its key. The assessments carry the same key, computed as they
    // are inserted, so the dashboard matches sessions to assessments by number. Existing
    // assessments get it when the column is materialised (until then it is computed on reading).
    id: '004-session-keys',
    statements: [
      ...rebuildFolded(
        'session_questions',
        `CREATE TABLE {table} (question_number UInt8, session_key UInt128, ${SESSION_QUESTION_COLUMNS})
        ENGINE = AggregatingMergeTree
        PARTITION BY question_number % 2
        ORDER BY (question_number, session_key)`,
        SESSION_QUESTIONS_BY_KEY_SELECT,
      ),
      ...rebuildFolded(
        'sessions',
        `CREATE TABLE {table} (session_key UInt128, ${SESSION_COLUMNS})
        ENGINE = AggregatingMergeTree
        ORDER BY session_key`,
        SESSIONS_BY_KEY_SELECT,
      ),
      `ALTER TABLE {db}.assessments ADD COLUMN IF NOT EXISTS session_key Nullable(UInt128)
        MATERIALIZED if(session_id IS NULL, NULL, ${sessionKeyOf('assumeNotNull(session_id)')})`,
      'ALTER TABLE {db}.assessments MATERIALIZE COLUMN session_key',
    ],
  },
  {
    // The folded tables sorted by the time in the session id before the session key (see
    // sessionIdTimeOf), without partitions: a FINAL read then folds only where new parts overlap
    // older ones, which with the page's UUIDv7 ids is the newest sessions. One partition also
    // makes one part an insert instead of two.
    id: '005-session-time-order',
    statements: sortFoldedBy('session_id_time', "DateTime64(3, 'UTC')"),
  },
  {
    // Sorted by session_id_ms (see sessionIdMsOf) instead of 005's session_id_time: ids that are
    // not UUIDv7 sort after every v7 time instead of before, so a new part holding one overlaps
    // the newest rows and those ids' rows, not every row; and the sort value is integer arithmetic
    // on the id's text rather than a time conversion.
    id: '006-session-id-ms',
    statements: sortFoldedBy('session_id_ms', 'UInt64'),
  },
  {
    // Whether the chosen profile goes beyond the client's time horizon or capacity for loss (a
    // flag, nothing personal), for the dashboard's share of signed assessments with a warning.
    // NULL when not known: rows stored before this column, drafts published without capacity.
    id: '007-assessments-capacity-warning',
    statements: ['ALTER TABLE {db}.assessments ADD COLUMN IF NOT EXISTS capacity_warning Nullable(UInt8)'],
  },
  {
    // Comments from docs/analytics-schema.md on every documented table and column (see
    // analytics-schema.comments.ts); re-running them sets the same words, so a start that died
    // half-way is harmless.
    id: '008-comments-from-docs',
    statements: DOCUMENTED_COMMENT_STATEMENTS,
  },
  {
    // The dashboard's share of assessments made in households. The link an assessment came by (an
    // id, nothing personal), and from HouseholdCreated each member's link with its household: ids
    // only, as ClickHouse holds no names, emails or phones. The share is counted when read, so a
    // household and its members' drafts may arrive in either order. One row per link after
    // merging: a redelivered HouseholdCreated collapses. Assessments stored before have no link.
    id: '009-households',
    statements: [
      'ALTER TABLE {db}.assessments ADD COLUMN IF NOT EXISTS link_id Nullable(String)',
      `CREATE TABLE IF NOT EXISTS {db}.household_links (
        link_id String,
        household_id UUID,
        created_at DateTime64(3, 'UTC'),
        event_id UUID
      ) ENGINE = ReplacingMergeTree
      ORDER BY link_id`,
      ...HOUSEHOLD_COMMENT_STATEMENTS,
    ],
  },
  {
    // The questionnaire version an assessment was answered against, and a question event's, so
    // the dashboard can show one version's figures (a reworded question is a different question).
    // Rows stored before it read 1: there was no other version then. session_questions gains the
    // column and its view the fold in place (MODIFY QUERY swaps the view's query without a gap
    // in which an insert would pass it by); re-running any step changes nothing. A session's
    // version folds with max, as a session answers one version (a tab reloaded across a new
    // version would count under the newer one).
    id: '010-questionnaire-version',
    statements: [
      'ALTER TABLE {db}.assessments ADD COLUMN IF NOT EXISTS questionnaire_version UInt16 DEFAULT 1',
      'ALTER TABLE {db}.question_events ADD COLUMN IF NOT EXISTS questionnaire_version UInt16 DEFAULT 1',
      `ALTER TABLE {db}.session_questions ADD COLUMN IF NOT EXISTS
        questionnaire_version SimpleAggregateFunction(max, UInt16) DEFAULT 1`,
      `ALTER TABLE {db}.session_questions_mv MODIFY QUERY ${foldEvents(
        'session_id_ms, question_number, session_key',
        `${QUESTION_FOLDS}, max(questionnaire_version) AS questionnaire_version`,
      )}`,
      ...QUESTIONNAIRE_VERSION_COMMENT_STATEMENTS,
    ],
  },
];
