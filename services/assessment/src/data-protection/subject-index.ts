import { createHmac } from 'node:crypto';
import { dataSubjectKeysOf } from '@risk-profile/contracts';
import type { AlongsideWrite, SqlExecutor } from '@risk-profile/platform';
import type { AssessmentDrafted, AssessmentEvent } from '../domain/assessment.events';

type AssessmentDraftedData = AssessmentDrafted['data'];

/** One assessment as the index knows it: enough to decide its erasure without decrypting it. */
export interface IndexedAssessment {
  assessmentId: string;
  status: 'draft' | 'signed';
  draftedAt: Date;
  signedAt: Date | null;
  restrictedAt: Date | null;
  erasedAt: Date | null;
  linkId: string | null;
  adviserSlug: string | null;
}

interface Row {
  assessment_id: string;
  status: 'draft' | 'signed';
  drafted_at: Date;
  signed_at: Date | null;
  restricted_at: Date | null;
  erased_at: Date | null;
  link_id: string | null;
  adviser_slug: string | null;
}

const COLUMNS =
  'assessment_id::text, status, drafted_at, signed_at, restricted_at, erased_at, link_id, adviser_slug';

const toIndexed = (row: Row): IndexedAssessment => ({
  assessmentId: row.assessment_id,
  status: row.status,
  draftedAt: new Date(row.drafted_at),
  signedAt: row.signed_at && new Date(row.signed_at),
  restrictedAt: row.restricted_at && new Date(row.restricted_at),
  erasedAt: row.erased_at && new Date(row.erased_at),
  linkId: row.link_id,
  adviserSlug: row.adviser_slug,
});

/**
 * Which assessments belong to which client, by a keyed hash (HMAC-SHA256 under a key derived from
 * the master key) of each `dataSubjectKeysOf` value: the index never holds an email or a number,
 * and without the master key a guessed address cannot be tested against it. Every write is an
 * idempotent upsert of facts from the stored events, so applying an event twice (the append path,
 * then the rebuild from the store) changes nothing.
 */
/** How many index writes this process remembers having made (the relay's second look skips them). */
const RECENT_WRITES = 10_000;

/** A draft's or a signature's index write, by event type and assessment. */
const writeKey = (event: AssessmentEvent) => `${event.type}:${event.data.assessmentId}`;

export class SubjectIndex {
  constructor(
    private readonly sql: SqlExecutor,
    private readonly hmacKey: Buffer,
    /**
     * Drafts and signatures this process indexed (writeKey): the relay applies every event again,
     * so that an index write a crash cut off is made after all, and skips these.
     */
    private readonly recent = new Set<string>(),
  ) {}

  /** The same index through `executor` (a transaction). */
  within(executor: SqlExecutor): SubjectIndex {
    return new SubjectIndex(executor, this.hmacKey);
  }

  /** The index's write for an event, made by the append's own statement; none for other events. */
  alongside(event: AssessmentEvent): AlongsideWrite | undefined {
    if (event.type === 'AssessmentDrafted') return this.draftAlongside(event.data);
    if (event.type !== 'AssessmentSigned') return undefined;
    const { assessmentId, signedAt } = event.data;
    return (bind) =>
      `UPDATE assessment_subjects SET status = 'signed', signed_at = ${bind(signedAt)}::timestamptz
       FROM claim WHERE assessment_id = ${bind(assessmentId)}::uuid`;
  }

  /** After the append that made `alongside`'s writes (or `apply`): the relay need not make them again. */
  remember(event: AssessmentEvent): void {
    if (event.type !== 'AssessmentDrafted' && event.type !== 'AssessmentSigned') return;
    if (this.recent.size >= RECENT_WRITES) this.recent.clear();
    this.recent.add(writeKey(event));
  }

  hash(subjectKey: string): string {
    return createHmac('sha256', this.hmacKey).update(subjectKey, 'utf8').digest('base64url');
  }

  /** Records what a plain (decrypted) stored event says about its assessment. */
  async apply(event: AssessmentEvent): Promise<void> {
    switch (event.type) {
      case 'AssessmentDrafted': {
        if (this.recent.has(writeKey(event))) return;
        const { text, params } = this.draftRow(event.data, (params, text) => ({ text, params }));
        await this.sql.query(text, params);
        this.remember(event);
        return;
      }
      case 'AssessmentSigned':
        if (this.recent.has(writeKey(event))) return;
        await this.sql.query(
          `UPDATE assessment_subjects SET status = 'signed', signed_at = $2 WHERE assessment_id = $1`,
          [event.data.assessmentId, event.data.signedAt],
        );
        return;
      case 'AssessmentProcessingRestricted':
        await this.sql.query(
          `UPDATE assessment_subjects SET restricted_at = coalesce(restricted_at, $2) WHERE assessment_id = $1`,
          [event.data.assessmentId, event.data.restrictedAt],
        );
        return;
      case 'AssessmentErased':
        await this.sql.query(
          `UPDATE assessment_subjects SET erased_at = coalesce(erased_at, $2) WHERE assessment_id = $1`,
          [event.data.assessmentId, event.data.erasedAt],
        );
        return;
    }
  }

  private draftAlongside(draft: AssessmentDraftedData): AlongsideWrite {
    return (bind) =>
      this.draftRow(draft, (params) => {
        const [id, email, phone, at, link, slug] = params.map((value) => bind(value));
        return `INSERT INTO assessment_subjects (assessment_id, email_hash, phone_hash, status, drafted_at, link_id, adviser_slug)
          SELECT ${id}::uuid, ${email}::text, ${phone}::text, 'draft', ${at}::timestamptz, ${link}::text, ${slug}::text FROM claim
          ON CONFLICT (assessment_id) DO UPDATE SET
            email_hash = coalesce(EXCLUDED.email_hash, assessment_subjects.email_hash),
            phone_hash = coalesce(EXCLUDED.phone_hash, assessment_subjects.phone_hash)`;
      });
  }

  /**
   * A draft's facts for its index row. An erased draft's contacts read as null: its hashes, once
   * known, are kept (the upsert's coalesce).
   */
  private draftRow<T>(d: AssessmentDraftedData, write: (params: unknown[], text: string) => T): T {
    const keys = dataSubjectKeysOf(d);
    const hashOf = (prefix: string) => {
      const key = keys.find((k) => k.startsWith(prefix));
      return key === undefined ? null : this.hash(key);
    };
    return write(
      [d.assessmentId, hashOf('email:'), hashOf('phone:'), d.draftedAt, d.linkId ?? null, d.adviserSlug],
      `INSERT INTO assessment_subjects (assessment_id, email_hash, phone_hash, status, drafted_at, link_id, adviser_slug)
       VALUES ($1, $2, $3, 'draft', $4, $5, $6)
       ON CONFLICT (assessment_id) DO UPDATE SET
         email_hash = coalesce(EXCLUDED.email_hash, assessment_subjects.email_hash),
         phone_hash = coalesce(EXCLUDED.phone_hash, assessment_subjects.phone_hash)`,
    );
  }

  /** Every assessment of one client (`dataSubjectKey`), erased ones included. */
  async find(subjectKey: string): Promise<IndexedAssessment[]> {
    const { rows } = await this.sql.query<Row>(
      `SELECT ${COLUMNS} FROM assessment_subjects WHERE email_hash = $1 OR phone_hash = $1 ORDER BY drafted_at`,
      [this.hash(subjectKey)],
    );
    return rows.map(toIndexed);
  }

  /**
   * Unerased assessments due for erasure at `now`: drafts drafted before `draftsBefore`, signed
   * records signed before `signedBefore`; oldest first, at most `limit`.
   */
  async due(draftsBefore: Date, signedBefore: Date, limit: number): Promise<IndexedAssessment[]> {
    const { rows } = await this.sql.query<Row>(
      `(SELECT ${COLUMNS} FROM assessment_subjects
         WHERE erased_at IS NULL AND status = 'draft' AND drafted_at <= $1 ORDER BY drafted_at LIMIT $3)
       UNION ALL
       (SELECT ${COLUMNS} FROM assessment_subjects
         WHERE erased_at IS NULL AND status = 'signed' AND signed_at <= $2 ORDER BY signed_at LIMIT $3)`,
      [draftsBefore, signedBefore, limit],
    );
    return rows.map(toIndexed).slice(0, limit);
  }
}
