import {
  type AdminRecordListQuery,
  type AssessmentSignedV1,
  assessmentSignedV1,
  capacityRecordOf,
  capacityRecordSchema,
  type ProfileName,
  questionnaireOf,
  type RecordDelivery,
  type RecordDetail,
  type RecordList,
  type RecordListQuery,
  type RecordStatus,
  type RecordSummary,
} from '@risk-profile/contracts';
import type { SqlExecutor } from '@risk-profile/platform';
import { verificationText } from '../rendering/report-model';
import { DELIVERY_SELECT, type DeliveryColumns, toDelivery } from './record-delivery';
import {
  decodeCursor,
  encodeCursor,
  isAboveRecommendation,
  isReviewDue,
  reviewDueAt,
  searchPatterns,
  UUID_KEY,
} from './record-rules';
import { iso, isoOrNull, type Time } from './record-time';
import { signedRecordOf } from './signed-record';

/** Whose records a request may read: one adviser's (by slug; null reads nothing), or all (admin). */
export type RecordScope = { adviserSlug: string | null } | 'all';

/** The list's filters; `adviser` (one adviser's records) is the admin's. */
export type RecordFilter = Omit<AdminRecordListQuery, 'cursor' | 'limit'>;
type Page = Pick<RecordListQuery, 'cursor' | 'limit'>;

const signedData = assessmentSignedV1.shape.data;

/** A row of records_assessments, without the signed event's data. */
export interface AssessmentRow {
  assessment_id: string;
  adviser_slug: string | null;
  client_name: string;
  client_email: string | null;
  client_phone: string | null;
  status: RecordStatus;
  risk_score: number;
  risk_group: 1 | 2 | 3 | 4 | 5;
  recommended_profile: ProfileName;
  selected_profile: ProfileName;
  profile_changed: boolean;
  started_at: Time;
  signed_at: Time | null;
  superseded: boolean;
  link_id: string | null;
  adviser_review: boolean;
  capacity_warning: boolean;
  restricted_at: Time | null;
  capacity: unknown;
  questionnaire_version: number;
}

/** Whose record it is and where it stands, as every view of a record begins. */
export const recordIdentity = (row: AssessmentRow) => ({
  id: row.assessment_id,
  adviserSlug: row.adviser_slug,
  clientName: row.client_name,
  clientEmail: row.client_email,
  clientPhone: row.client_phone,
  status: row.status,
});

/** The questionnaire a record was answered against and the profile it came to, as each view says it. */
export const recordProfile = (row: AssessmentRow) => ({
  questionnaireVersion: row.questionnaire_version,
  riskScore: row.risk_score,
  riskGroup: row.risk_group,
  recommendedProfile: row.recommended_profile,
  selectedProfile: row.selected_profile,
  profileChanged: row.profile_changed,
});

interface RecordRow extends AssessmentRow, DeliveryColumns {
  record?: unknown;
  household_id: string | null;
  household_name: string | null;
}

const RECORD_COLUMNS = `r.assessment_id, r.adviser_slug, r.client_name, r.client_email, r.client_phone, r.status,
  r.risk_score, r.risk_group, r.recommended_profile, r.selected_profile, r.profile_changed, r.started_at,
  r.signed_at, r.superseded, r.link_id, r.adviser_review, r.capacity_warning, r.restricted_at, r.capacity,
  r.questionnaire_version, h.household_id, h.household_name`;

// A member's assessment: the household of the link it was started from.
const HOUSEHOLD_JOIN = 'LEFT JOIN records_household_links h ON h.link_id = r.link_id';

// The adviser's report: the latest delivery of it, a resend included.
const REPORT_DELIVERY_JOIN = `LEFT JOIN LATERAL (
    SELECT ${DELIVERY_SELECT} FROM notification_deliveries
    WHERE assessment_id = r.assessment_id AND kind = 'adviser-report'
    ORDER BY created_at DESC, id DESC LIMIT 1
  ) AS d ON true`;

export class RecordQueries {
  constructor(
    private readonly sql: SqlExecutor,
    private readonly reviewIntervalMonths: number,
  ) {}

  private summary(row: RecordRow, now: Date): RecordSummary {
    const signedAt = row.signed_at === null ? null : new Date(row.signed_at);
    return {
      ...recordIdentity(row),
      ...recordProfile(row),
      aboveRecommendation: isAboveRecommendation(row.recommended_profile, row.selected_profile),
      startedAt: iso(row.started_at),
      signedAt: signedAt?.toISOString() ?? null,
      reviewDueAt: signedAt ? reviewDueAt(signedAt, this.reviewIntervalMonths).toISOString() : null,
      reviewDue: isReviewDue({ signedAt, superseded: row.superseded }, now, this.reviewIntervalMonths),
      reportDelivery: toDelivery(row),
      adviserReview: row.adviser_review,
      capacityWarning: row.capacity_warning,
      restrictedAt: isoOrNull(row.restricted_at),
      household: row.household_id ? { id: row.household_id, name: row.household_name ?? '' } : null,
    };
  }

  /**
   * One page of records, newest first, after `cursor`. "Review due" is the SQL form of
   * isReviewDue: the latest signed profile of the client whose due date (month arithmetic on
   * UTC times, as addMonths) has come.
   */
  async list(scope: RecordScope, filter: RecordFilter, page: Page, now: Date): Promise<RecordList> {
    const params: unknown[] = [];
    const p = (value: unknown) => `$${params.push(value)}`;
    const where: string[] = [];
    // A restricted record is the administrators' alone (its erasure was refused within retention).
    if (scope !== 'all') where.push(`r.adviser_slug = ${p(scope.adviserSlug)} AND r.restricted_at IS NULL`);
    if (filter.adviser !== undefined) where.push(`r.adviser_slug = ${p(filter.adviser)}`);
    if (filter.status) where.push(`r.status = ${p(filter.status)}`);
    if (filter.household) where.push(`h.household_id = ${p(filter.household)}::uuid`);
    if (filter.q) {
      const [typed, unspaced] = searchPatterns(filter.q);
      where.push(`(r.search LIKE ${p(typed)} OR r.search LIKE ${p(unspaced)})`);
    }
    if (filter.reviewDue !== undefined) {
      const due = `(r.status = 'signed' AND NOT r.superseded
        AND (r.signed_at AT TIME ZONE 'UTC') + make_interval(months => ${p(this.reviewIntervalMonths)}::int)
          <= (${p(now.toISOString())}::timestamptz AT TIME ZONE 'UTC'))`;
      where.push(filter.reviewDue ? due : `NOT ${due}`);
    }
    if (page.cursor) {
      const after = decodeCursor(page.cursor, UUID_KEY);
      where.push(`(r.started_at, r.assessment_id) < (${p(after.at)}::timestamptz, ${p(after.id)}::uuid)`);
    }
    const { rows } = await this.sql.query<RecordRow>(
      `SELECT ${RECORD_COLUMNS}, d.* FROM records_assessments r ${HOUSEHOLD_JOIN} ${REPORT_DELIVERY_JOIN}
       ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''}
       ORDER BY r.started_at DESC, r.assessment_id DESC
       LIMIT ${p(page.limit + 1)}`,
      params,
    );
    const items = rows.slice(0, page.limit).map((row) => this.summary(row, now));
    const last = items.at(-1);
    return {
      items,
      nextCursor: rows.length > page.limit && last ? encodeCursor({ at: last.startedAt, id: last.id }) : null,
    };
  }

  /** The record row and the signed event's data, when `scope` may read it. */
  private async find(scope: RecordScope, id: string): Promise<RecordRow | undefined> {
    const { rows } = await this.sql.query<RecordRow>(
      `SELECT ${RECORD_COLUMNS}, r.record, d.* FROM records_assessments r ${HOUSEHOLD_JOIN} ${REPORT_DELIVERY_JOIN}
       WHERE r.assessment_id = $1 ${scope === 'all' ? '' : 'AND r.adviser_slug = $2 AND r.restricted_at IS NULL'}`,
      scope === 'all' ? [id] : [id, scope.adviserSlug],
    );
    return rows[0];
  }

  /** The signed event's data of a record `scope` may read; null when not signed, undefined when not theirs or absent. */
  async signed(scope: RecordScope, id: string): Promise<AssessmentSignedV1['data'] | null | undefined> {
    const row = await this.find(scope, id);
    if (!row) return undefined;
    return row.record ? parseRecord(row.record) : null;
  }

  async detail(scope: RecordScope, id: string, now: Date): Promise<RecordDetail | undefined> {
    const row = await this.find(scope, id);
    if (!row) return undefined;
    const summary = this.summary(row, now);
    const deliveries = await this.deliveries(id);
    const data = row.record ? parseRecord(row.record) : null;
    const history: RecordDetail['history'] = [
      { at: summary.startedAt, event: 'drafted', delivery: null },
      ...(summary.signedAt ? [{ at: summary.signedAt, event: 'signed' as const, delivery: null }] : []),
      ...deliveries.map((delivery) => ({
        at: delivery.createdAt,
        event: 'delivery' as const,
        delivery,
      })),
    ];
    history.sort((a, b) => a.at.localeCompare(b.at));
    return {
      ...summary,
      linkId: row.link_id,
      // A record projected before capacity was recorded: recomputed from its signed answers.
      capacity:
        row.capacity !== null
          ? capacityRecordSchema.parse(row.capacity)
          : data
            ? capacityRecordOf(data, questionnaireOf(data).capacity)
            : null,
      signed: data ? signedRecordOf(data) : null,
      history,
      verification: data ? verificationText(id) : null,
    };
  }

  /** Every delivery of an assessment's report, oldest first. */
  async deliveries(assessmentId: string): Promise<RecordDelivery[]> {
    const { rows } = await this.sql.query<DeliveryColumns>(
      `SELECT ${DELIVERY_SELECT} FROM notification_deliveries WHERE assessment_id = $1 ORDER BY created_at, id`,
      [assessmentId],
    );
    return rows.map(toDelivery).filter((d) => d !== null);
  }

  async delivery(id: string): Promise<RecordDelivery | null> {
    const { rows } = await this.sql.query<DeliveryColumns>(
      `SELECT ${DELIVERY_SELECT} FROM notification_deliveries WHERE id = $1`,
      [id],
    );
    return rows[0] ? toDelivery(rows[0]) : null;
  }
}

export const parseRecord = (record: unknown): AssessmentSignedV1['data'] =>
  signedData.parse(typeof record === 'string' ? JSON.parse(record) : record);
