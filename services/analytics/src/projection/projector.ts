import {
  ASSESSMENT_LIFECYCLE_TOPIC,
  type AssessmentLifecycleTopicEvent,
  assessmentLifecycleTopicSchema,
  HOUSEHOLDS_TOPIC,
  type HouseholdCreatedV1,
  householdCreatedV1,
  isAssessmentSnapshot,
  QUESTION_EVENTS_TOPIC,
  questionEventsTopicSchema,
} from '@risk-profile/contracts';
import type { BusMessage, EventBus, Logger, Subscription } from '@risk-profile/platform';
import type { RecentAssessmentsReadModel } from '../read-model/recent-assessments.read-model';
import type {
  AnalyticsStore,
  AssessmentRow,
  HouseholdLinkRow,
  QuestionEventRow,
} from '../store/analytics-store.port';
import { BatchWriter } from './batch-writer';
import { assessmentRow, householdLinkRows, questionEventRow } from './to-rows';

export const QUESTION_PROJECTOR_GROUP = 'analytics.question-events';
export const ASSESSMENT_PROJECTOR_GROUP = 'analytics.assessments';
export const HOUSEHOLD_PROJECTOR_GROUP = 'analytics.households';
// AssessmentProcessingRestricted needs nothing here: the dashboard sends no messages and keeps
// no list an adviser sees.
const KNOWN_LIFECYCLE_TYPES = new Set(['AssessmentDrafted', 'AssessmentSigned', 'AssessmentErased']);

export interface ProjectorOptions {
  bus: EventBus;
  store: AnalyticsStore;
  readModel: RecentAssessmentsReadModel;
  logger: Logger;
  flushIntervalMs: number;
  maxBatch: number;
  /** Called after each write to ClickHouse (the live dashboard hangs on it). */
  onChanged: () => void;
}

/**
 * Projects question events, assessment lifecycle events and created households into ClickHouse
 * (and the recent assessments into PostgreSQL). Each bus batch waits for its rows to be written
 * before its offset moves, so a restart loses nothing; a redelivery writes rows with the same
 * event ids (and links), which the ReplacingMergeTree tables count once.
 */
export class AnalyticsProjector {
  private readonly questions: BatchWriter<QuestionEventRow>;
  private readonly assessments: BatchWriter<AssessmentRow>;
  private readonly householdLinks: BatchWriter<HouseholdLinkRow>;
  private subscriptions: Subscription[] = [];

  constructor(private readonly options: ProjectorOptions) {
    const batch = {
      maxItems: options.maxBatch,
      maxDelayMs: options.flushIntervalMs,
      onWritten: options.onChanged,
    };
    this.questions = new BatchWriter((rows) => options.store.insertQuestionEvents(rows), batch);
    this.assessments = new BatchWriter((rows) => options.store.insertAssessments(rows), batch);
    this.householdLinks = new BatchWriter((rows) => options.store.insertHouseholdLinks(rows), batch);
  }

  async start(): Promise<void> {
    const { bus } = this.options;
    const projectQuestions = (messages: BusMessage[]) =>
      this.questions.add(messages.map((m) => questionEventRow(questionEventsTopicSchema.parse(m.value))));
    const projectAssessments = async (messages: BusMessage[]) => {
      const events = messages.flatMap((m) => this.lifecycleEvent(m));
      // PostgreSQL first: a failure there leaves ClickHouse untouched and the batch is redelivered.
      await this.options.readModel.applyAll(events);
      // ClickHouse holds nothing personal, so an erasure leaves its rows as they are.
      await this.assessments.add(events.filter(isAssessmentSnapshot).map(assessmentRow));
    };
    const projectHouseholds = (messages: BusMessage[]) =>
      this.householdLinks.add(messages.flatMap((m) => this.householdCreated(m)).flatMap(householdLinkRows));
    this.subscriptions.push(
      await bus.subscribe({
        groupId: QUESTION_PROJECTOR_GROUP,
        topics: [QUESTION_EVENTS_TOPIC],
        // A backlog arrives in write-sized batches and is written at once, not after the timer.
        batchSize: this.options.maxBatch,
        handleBatch: projectQuestions,
        handler: (m) => projectQuestions([m]),
      }),
      await bus.subscribe({
        groupId: ASSESSMENT_PROJECTOR_GROUP,
        topics: [ASSESSMENT_LIFECYCLE_TOPIC],
        handleBatch: projectAssessments,
        handler: (m) => projectAssessments([m]),
      }),
      await bus.subscribe({
        groupId: HOUSEHOLD_PROJECTOR_GROUP,
        topics: [HOUSEHOLDS_TOPIC],
        handleBatch: projectHouseholds,
        handler: (m) => projectHouseholds([m]),
      }),
    );
  }

  /** Stops consuming (in-flight batches finish, so their rows are written), then writes the rest. */
  async stop(): Promise<void> {
    const subscriptions = this.subscriptions;
    this.subscriptions = [];
    await Promise.all(subscriptions.map((s) => s.stop()));
    await this.questions.flush();
    await this.assessments.flush();
    await this.householdLinks.flush();
  }

  /** Event types this projector does not know (added later to the topic) are skipped, not failed. */
  private lifecycleEvent(message: BusMessage): AssessmentLifecycleTopicEvent[] {
    const type = (message.value as { type?: unknown } | null)?.type;
    if (typeof type !== 'string' || !KNOWN_LIFECYCLE_TYPES.has(type)) {
      this.options.logger.debug({ messageId: message.id, type }, 'analytics: lifecycle event type skipped');
      return [];
    }
    return [assessmentLifecycleTopicSchema.parse(message.value)];
  }

  /**
   * Only HouseholdCreated says which links are a household's; the agreement and confirmation
   * events change none of that, and types added later are skipped, not failed.
   */
  private householdCreated(message: BusMessage): HouseholdCreatedV1[] {
    const type = (message.value as { type?: unknown } | null)?.type;
    if (type !== 'HouseholdCreated') {
      this.options.logger.debug({ messageId: message.id, type }, 'analytics: household event type skipped');
      return [];
    }
    return [householdCreatedV1.parse(message.value)];
  }
}
