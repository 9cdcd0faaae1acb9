import { questionnaireVersion } from '@risk-profile/contracts';
import {
  createServiceApp,
  createUpstreamPool,
  type PlatformDeps,
  PostgresCheckpointStore,
  PostgresEventStore,
  type Relay,
  type ServiceModule,
  type SessionVerifier,
  SqlRateLimitStore,
  type UpstreamPool,
  type Worker,
} from '@risk-profile/platform';
import { type AdviserDirectory, httpAdviserDirectory } from './advisers/adviser-directory';
import type { AssessmentConfig } from './config';
import { openDataProtection } from './data-protection/data-protection';
import { AssessmentEraser } from './data-protection/eraser';
import { encryptLegacyEvents } from './data-protection/legacy-migration';
import { startRetentionJob } from './data-protection/retention-job';
import { mountErasureRoutes } from './erasure/erasure.routes';
import { mountAssessmentRoutes } from './http/routes';
import { startAssessmentRelay } from './integration/assessment-relay';

export { type AdviserDirectory, httpAdviserDirectory } from './advisers/adviser-directory';
export {
  type AssessmentConfig,
  assessmentConfigSchema,
  assessmentProcessConfigSchema,
  loadAssessmentConfig,
} from './config';

/**
 * The event-sourced assessment: drafts and signatures over HTTP, stored as events in
 * `assessment-{id}` streams, published on the lifecycle topic by a checkpointed relay.
 */
export async function createAssessmentService(
  deps: PlatformDeps,
  config: AssessmentConfig,
  options: {
    /** Verifies the session cookie, so a draft made by a signed-in adviser is attributed to them. */
    sessions: SessionVerifier;
    advisers?: AdviserDirectory;
  },
): Promise<ServiceModule> {
  const { sql, logger, clock } = deps;
  // Personal fields are encrypted above the event store port: everything below sees plain values.
  const protection = await openDataProtection(sql, deps.eventStore, config.DATA_ENCRYPTION_KEY);
  const eventStore = protection.store;
  // Events stored before encryption are encrypted in place where the store allows it.
  if (deps.eventStore instanceof PostgresEventStore)
    await encryptLegacyEvents(sql, protection.keys, protection.index, logger);
  // Distributed: the adviser service's instances, in turn; embedded callers pass an in-process directory.
  const { advisers, adviserService } = options.advisers
    ? { advisers: options.advisers, adviserService: undefined }
    : overHttp(createUpstreamPool(config.ADVISER_URL, { name: 'adviser', logger }));
  // Reading a stream that never exists is the cheapest round trip every event store adapter has.
  const ready = async () => {
    await eventStore.readStream('assessment-readiness-probe');
    await sql.query('SELECT 1');
    return true;
  };
  let relay: Relay | undefined;
  let retention: Worker | undefined;
  const eraser = new AssessmentEraser({
    store: eventStore,
    sql,
    bus: deps.bus,
    keys: protection.keys,
    index: protection.index,
    audit: protection.audit,
    policy: {
      draftRetentionDays: config.DRAFT_RETENTION_DAYS,
      recordRetentionYears: config.RECORD_RETENTION_YEARS,
    },
    logger,
    onStored: () => relay?.wake(),
  });
  // Counted in the database, so the limit holds across every instance of the service.
  const signings = await SqlRateLimitStore.create(sql, 'assessment-signings');
  const app = createServiceApp({
    name: 'assessment',
    logger,
    bodyLimit: config.ASSESSMENT_BODY_LIMIT,
    trustProxy: config.TRUST_PROXY,
    ready,
    routes: (router) => {
      mountAssessmentRoutes(router, {
        store: eventStore,
        advisers,
        clock,
        sessions: options.sessions,
        onStored: () => relay?.wake(),
        signRateLimit: { perHour: config.SIGN_RATE_LIMIT_PER_HOUR, store: signings },
        questionnaire: questionnaireVersion(config.QUESTIONNAIRE_VERSION),
      });
      mountErasureRoutes(router, { sessions: options.sessions, eraser, audit: protection.audit, clock });
    },
  });

  return {
    name: 'assessment',
    app,
    start: async () => {
      relay ??= await startAssessmentRelay({ ...deps, eventStore }, protection.index);
      if (config.RETENTION_SWEEP_INTERVAL_MS > 0) {
        retention ??= startRetentionJob({
          eraser,
          leases: await PostgresCheckpointStore.create(sql),
          clock,
          intervalMs: config.RETENTION_SWEEP_INTERVAL_MS,
          logger,
        });
      }
    },
    stop: async () => {
      await retention?.stop();
      retention = undefined;
      await relay?.stop();
      relay = undefined;
      adviserService?.close();
    },
    ready,
  };
}

function overHttp(adviserService: UpstreamPool) {
  return { advisers: httpAdviserDirectory(adviserService), adviserService };
}
