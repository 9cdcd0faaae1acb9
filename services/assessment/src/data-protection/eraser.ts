import {
  ASSESSMENT_LIFECYCLE_TOPIC,
  type ErasureReason,
  type ErasureResult,
  QUESTIONNAIRE_LINKS_TOPIC,
} from '@risk-profile/contracts';
import {
  ConcurrencyConflictError,
  type EventBus,
  type EventStore,
  type KeyPurge,
  type Logger,
  rewriteErasedTables,
  type SqlClient,
} from '@risk-profile/platform';
import { assessmentStreamId, runAssessmentCommand } from '../application/assessment-stream';
import type { AssessmentCommand } from '../domain/assessment.decider';
import type { AssessmentState } from '../domain/assessment.state';
import type { DataKeys } from './data-keys';
import type { ErasureAudit, ErasureOutcome } from './erasure-audit';
import { isPersonalEventType } from './personal-fields';
import { dueBefore, isDue, type RetentionPolicy, retainedUntil } from './retention';
import type { IndexedAssessment, SubjectIndex } from './subject-index';

type ErasureItem = ErasureResult['items'][number];

/**
 * Why a signed record was not erased on request, in words for the administrator and the audit.
 * No date: the page writes the day its retention ends from the result's `retainedUntil`, in the
 * one format (and zone) of the page's other dates.
 */
export const refusalReason = (years: number): string =>
  `A signed record is kept for ${years} years after signing, so it was not erased; its processing is restricted instead.`;

/** The stream says the assessment is not due yet (signed since the index was written). */
class NotDueYet extends Error {}

const stateDates = (state: Exclude<AssessmentState, { status: 'initial' }>) => ({
  status: state.status,
  draftedAt: new Date(state.assessment.draftedAt),
  signedAt: state.status === 'signed' ? new Date(state.signature.signedAt) : null,
});

/** A concurrent command on the stream makes the erasure decide again on what is stored now. */
const CONFLICT_RETRIES = 3;

export interface EraserDeps {
  /** The protected store (protected-event-store.ts), so the erasure event updates the index. */
  store: EventStore;
  sql: SqlClient;
  bus: EventBus;
  keys: DataKeys;
  index: SubjectIndex;
  audit: ErasureAudit;
  policy: RetentionPolicy;
  logger: Logger;
  /** Called after events were stored, so the relay publishes them now. */
  onStored: () => void;
}

/**
 * Erases assessments: appends the erasure event (optimistic concurrency: nothing can be signed
 * after it), then deletes the data key, so the personal fields of every stored event stop
 * opening; purges the bus log's copies of the assessment's messages and its link's messages; and
 * audits each outcome. A signed record inside its retention period is not erased on request:
 * its processing is restricted instead, and the refusal is audited with its reason.
 */
export class AssessmentEraser {
  constructor(private readonly deps: EraserDeps) {}

  /** Every assessment of one client (`dataSubjectKey`); undefined when none matches. */
  async eraseSubject(subjectKey: string, actorEmail: string, now: Date): Promise<ErasureItem[] | undefined> {
    const matches = await this.deps.index.find(subjectKey);
    if (matches.length === 0) return undefined;
    return this.eraseBatch(matches, 'request', actorEmail, now);
  }

  /**
   * One batch of the retention job: assessments whose retention has ended at `now`, at most
   * `limit`. Returns how many were erased, so the job runs again at once after a full batch.
   */
  async eraseDue(now: Date, limit: number): Promise<number> {
    const before = dueBefore(now, this.deps.policy);
    const candidates = await this.deps.index.due(before.drafts, before.signed, limit);
    const due = candidates.filter((a) => isDue(a, this.deps.policy, now));
    if (due.length === 0) return 0;
    const items = await this.eraseBatch(due, 'draft-retention', null, now);
    return items.length;
  }

  private async eraseBatch(
    assessments: readonly IndexedAssessment[],
    reason: ErasureReason,
    actorEmail: string | null,
    now: Date,
  ): Promise<ErasureItem[]> {
    const items: ErasureItem[] = [];
    const purges: KeyPurge[] = [];
    for (const assessment of assessments) {
      const erased = await this.eraseOne(assessment, reason, now).catch((error: unknown) => {
        if (error instanceof NotDueYet) return undefined;
        throw error;
      });
      if (erased === undefined) continue;
      const { item, purge, why } = erased;
      await this.deps.audit.record({
        at: now,
        actorEmail,
        assessmentId: assessment.assessmentId,
        outcome: item.outcome,
        reason: why,
        detail: item.reason,
      });
      items.push(item);
      purges.push(...purge);
    }
    this.deps.onStored();
    await this.purge(purges, items);
    return items;
  }

  private async eraseOne(
    indexed: IndexedAssessment,
    reason: ErasureReason,
    now: Date,
  ): Promise<{ item: ErasureItem; purge: KeyPurge[]; why: ErasureReason }> {
    // The retention job's reason follows the stream: a record signed since the index was written is a record.
    let why = reason;
    const { assessmentId } = indexed;
    // Decided on the stream as stored, not on the index: a signature that landed since counts.
    const decision: { outcome: ErasureOutcome; retainedUntil: Date | null } = {
      outcome: 'erased',
      retainedUntil: null,
    };
    const command = (current: AssessmentState): AssessmentCommand => {
      decision.outcome = 'erased';
      decision.retainedUntil = null;
      // The index may not know of a signature yet: the retention job erases only what the stream says is due.
      if (
        reason !== 'request' &&
        current.status !== 'initial' &&
        !current.erasure &&
        !isDue(stateDates(current), this.deps.policy, now)
      ) {
        throw new NotDueYet();
      }
      if (reason !== 'request' && current.status !== 'initial') {
        why = current.status === 'signed' ? 'record-retention' : 'draft-retention';
      }
      if (current.status !== 'initial' && current.erasure) decision.outcome = 'already-erased';
      else if (reason === 'request' && current.status === 'signed') {
        const until = retainedUntil(
          {
            status: 'signed',
            draftedAt: new Date(current.assessment.draftedAt),
            signedAt: new Date(current.signature.signedAt),
          },
          this.deps.policy,
        );
        if (until.getTime() > now.getTime()) {
          decision.outcome = 'restricted';
          decision.retainedUntil = until;
          return { type: 'RestrictProcessing', data: { restrictedAt: now, retainedUntil: until } };
        }
      }
      return { type: 'EraseAssessment', data: { reason: why, erasedAt: now } };
    };
    const state = await this.decideWithRetries(assessmentId, command, now);
    const { outcome, retainedUntil: until } = decision;
    if (outcome === 'restricted' && until !== null) {
      return {
        item: {
          assessmentId,
          outcome,
          reason: refusalReason(this.deps.policy.recordRetentionYears),
          retainedUntil: until.toISOString(),
        },
        purge: [],
        why,
      };
    }
    // Deleted again on "already erased": a crash after the erasure event may have left the key.
    await this.deps.keys.delete(assessmentId);
    const linkId = state.status === 'initial' ? indexed.linkId : (state.assessment.linkId ?? indexed.linkId);
    const kept = (await this.deps.store.readStream(assessmentStreamId(assessmentId)))
      .filter((event) => !isPersonalEventType(event.type))
      .map((event) => event.id);
    const purge: KeyPurge[] = [{ topic: ASSESSMENT_LIFECYCLE_TOPIC, key: assessmentId, keepIds: kept }];
    if (linkId) purge.push({ topic: QUESTIONNAIRE_LINKS_TOPIC, key: linkId });
    return { item: { assessmentId, outcome, reason: null, retainedUntil: null }, purge, why };
  }

  private async decideWithRetries(
    assessmentId: string,
    command: (state: AssessmentState) => AssessmentCommand,
    now: Date,
  ): Promise<AssessmentState> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await runAssessmentCommand(this.deps.store, assessmentId, command, {
          now,
          correlationId: `erasure-${assessmentId}`,
        });
      } catch (error) {
        if (!(error instanceof ConcurrencyConflictError) || attempt >= CONFLICT_RETRIES) throw error;
      }
    }
  }

  /**
   * After a batch: the bus log's copies, then the deleted key rows rewritten out of the table
   * files (VACUUM FULL: an exclusive lock on assessment_data_keys while it copies the live rows,
   * so drafts and signatures wait for it; once a batch, never once an erasure).
   */
  private async purge(purges: readonly KeyPurge[], items: readonly ErasureItem[]): Promise<void> {
    if (!items.some((item) => item.outcome !== 'restricted')) return;
    if (this.deps.bus.purgeKeys) {
      await this.deps.bus.purgeKeys(purges);
    } else {
      this.deps.logger.info(
        { messages: purges.length },
        'the bus cannot purge messages (Kafka): they age out with the topic retention',
      );
    }
    await rewriteErasedTables(this.deps.sql, ['assessment_data_keys']);
  }
}
