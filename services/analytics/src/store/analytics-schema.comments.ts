/**
 * What docs/analytics-schema.md says of each table and column, as plain text (no Markdown), so the
 * tools data teams browse the store with (DBeaver, Grafana, the query page) show the docs' words.
 * A test holds the store's comments to the docs. Each migration applies its own set, as the
 * tables stood then: a new store runs them all in order, so words for a column or table added
 * later (or new words for an old one) go in the set of the migration that brings them.
 */

/** A table's comment (absent: as an earlier migration left it) and its columns'. */
interface TableComments {
  table?: string;
  columns: Record<string, string>;
}
type SchemaComments = Record<string, TableComments>;

/** The tables and columns as of migration 008, which applied these. */
const DOCUMENTED_COMMENTS: SchemaComments = {
  question_events: {
    table:
      'One row per question view (answered_at NULL) or answer the page reported. The page sends a view event the first time a question is shown, and an answer event each time the answer is set or changed (carrying the cumulative changes and the time since the first view).',
    columns: {
      event_id: 'Content-derived id of the event (dedup key).',
      session_id:
        'Analytics session id: one questionnaire visit in one browser (pseudonymous). The page makes it as a UUIDv7: the time the session began, then random digits (before migration 005, a random UUID).',
      question_id: 'q1 … q18.',
      question_number: '1 … 18 (the number in question_id, for ordering).',
      device_type: 'desktop, mobile or tablet, as the page classified the screen.',
      viewed_at:
        "When the question was first shown (the browser's clock). The ingest takes viewed_at and answered_at only from 48 hours before to 10 minutes after its own clock, and an answer never before its view.",
      answered_at: 'When this answer was given; NULL for a view event.',
      time_spent_ms: 'Milliseconds from first view to this answer; 0 for a view.',
      answer_changes: 'How many times an earlier answer to this question had been changed, so far.',
      final_answer:
        "The answer's score 1-5 (not the option letter: reverse-scored questions list options from 5 down); NULL for a view.",
      received_at: 'When the service accepted the event (server clock).',
    },
  },
  assessments: {
    table:
      'One row per assessment (after merging): drafted at "Yes, I agree", then replaced by its signed row.',
    columns: {
      assessment_id: 'The assessment (dedup key).',
      stage: '1 drafted, 2 signed (completed). The replacing version.',
      session_id:
        'The analytics session the client answered in; NULL when the page sent none. Joins to question_events.session_id.',
      device_type: 'Device type of that session.',
      adviser_slug: 'The adviser page it came through; NULL without an adviser.',
      risk_score: 'Total of questions 1-12 (12-60), recomputed by the server.',
      risk_group: '1-5.',
      original_profile: 'The recommended profile.',
      selected_profile: 'The profile the client chose.',
      profile_changed: 'Whether they differ.',
      capacity_warning:
        "1 when the chosen profile goes beyond the client's time horizon or capacity for loss (docs/product-rules.md), else 0: from the event's capacity record, or for a signed event without one recomputed from its answers. NULL when not known: a draft published without its capacity record, and rows stored before migration 007.",
      created_at: 'When the draft was created (server clock).',
      signed_at: 'When it was signed; NULL while a draft.',
      event_id: 'The integration event this row came from.',
      session_key:
        'The session key of session_id (see "Session keys"), computed as rows are inserted; NULL without a session. Not in SELECT *: name it.',
    },
  },
  session_questions: {
    table:
      "One row per analytics session and question (after folding), kept by the materialized view session_questions_mv from question_events, and filled from the events already stored when the table was added (migration 002). The dashboard's question figures read this table.",
    columns: {
      session_id_ms: 'The time in the session id (see "Session time order"): orders rows, not for analysis.',
      question_number: '1 to 18.',
      session_key: "The analytics session's key; its id is in sessions.",
      question_id: 'q1 … q18.',
      first_viewed_at: 'When the session first viewed the question: the window the pair belongs to.',
      answered: '1 once any event of the pair has an answer.',
      time_spent_ms: 'First view to the latest answer (0 if unanswered).',
      answer_changes: 'Times the answer was changed (0 if unanswered).',
    },
  },
  sessions: {
    table: 'One row per analytics session (after folding), kept by sessions_mv from question_events.',
    columns: {
      session_id_ms: 'The time in the session id (see "Session time order"): orders rows, not for analysis.',
      session_key: "The analytics session's key.",
      session_id: "The analytics session's id.",
      device_type: "The session's device.",
      first_viewed_at: 'Its first view of any question: the start of the completion time.',
      last_activity_at: 'Its latest view or answer: abandoned 30 minutes after this without signing.',
    },
  },
  schema_migrations: {
    table:
      'The migrations applied to this database, one row each, written by the analytics service as it applies them at start. Not for analysis; it tells which schema a store is at.',
    columns: {
      id: "The migration's id (001-question-events-and-assessments, 002-session-questions-and-sessions and so on).",
      applied_at: 'When it was applied (UTC, milliseconds).',
    },
  },
};

/** Migration 009's: the assessments' link and the household links. */
const HOUSEHOLD_COMMENTS: SchemaComments = {
  assessments: {
    columns: {
      link_id:
        "The questionnaire link the client arrived by (its linkId on the lifecycle events); NULL without a link, and on rows stored before migration 009. A household member's link is in household_links.",
    },
  },
  household_links: {
    table:
      "One row per household member's questionnaire link (after merging), from HouseholdCreated on risk-profile.households.v1: ids and a time only, no names, emails or phone numbers. An assessment whose link_id is here was made in a household.",
    columns: {
      link_id: "The member's questionnaire link (dedup key). Joins to assessments.link_id.",
      household_id: 'The household the link belongs to.',
      created_at: "When the adviser created the household (the adviser service's clock).",
      event_id: 'The integration event this row came from.',
    },
  },
};

/** Migration 010's: the questionnaire version of assessments and of question-level rows. */
const QUESTIONNAIRE_VERSION_COMMENTS: SchemaComments = {
  assessments: {
    columns: {
      questionnaire_version:
        'The questionnaire version the client answered (its questionnaireVersion on the lifecycle events): the wording, scoring and rules the assessment was made with. 1 on rows stored before migration 010, when there was no other version.',
    },
  },
  question_events: {
    columns: {
      questionnaire_version:
        'The questionnaire version the page showed the question in (1 when the event names none, and on rows stored before migration 010).',
    },
  },
  session_questions: {
    columns: {
      questionnaire_version:
        "The questionnaire version of the session's events for the question (the highest, if a tab reloaded across a new version); 1 on rows folded before migration 010. The dashboard's version filter reads it.",
    },
  },
};

/** A ClickHouse string literal: backslashes and quotes escaped. */
const sqlString = (text: string): string => `'${text.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`;

/** One ALTER per table for its columns' comments, then its own comment (a separate command). */
const commentStatements = (comments: SchemaComments): string[] =>
  Object.entries(comments).flatMap(([table, { table: comment, columns }]) => [
    `ALTER TABLE {db}.${table} ${Object.entries(columns)
      .map(([column, text]) => `COMMENT COLUMN ${column} ${sqlString(text)}`)
      .join(', ')}`,
    ...(comment === undefined ? [] : [`ALTER TABLE {db}.${table} MODIFY COMMENT ${sqlString(comment)}`]),
  ]);

/** Migration 008's statements: every table and column as it stood then. */
export const DOCUMENTED_COMMENT_STATEMENTS: readonly string[] = commentStatements(DOCUMENTED_COMMENTS);
/** Migration 009's statements: the columns and table it adds. */
export const HOUSEHOLD_COMMENT_STATEMENTS: readonly string[] = commentStatements(HOUSEHOLD_COMMENTS);
/** Migration 010's statements: the questionnaire-version columns. */
export const QUESTIONNAIRE_VERSION_COMMENT_STATEMENTS: readonly string[] = commentStatements(
  QUESTIONNAIRE_VERSION_COMMENTS,
);
