import {
  type CompleteResponses,
  type DraftAssessmentBody,
  deriveAssessment,
  PROFILE_NAMES,
} from '@risk-profile/contracts';
import { uniformResponses } from '@risk-profile/contracts/testing';
import type { PlatformDeps, StoredEvent } from '@risk-profile/platform';
import type { AdviserDirectory } from '../advisers/adviser-directory';
import { openDataProtection } from '../data-protection/data-protection';

/** Every answer 3: score 36, Balanced, no consistency warnings. */
export const consistentResponses = (overrides: Partial<CompleteResponses> = {}): CompleteResponses =>
  uniformResponses(3, overrides);

/** Q1 at 1 and Q9 at 5 contradict each other (rule risk-attitude-vs-staying-invested). */
export const inconsistentResponses = (): CompleteResponses => consistentResponses({ q1: 1, q9: 5 });

/** A body the page would send on the YES path: derived values as the browser computes them. */
export function yesBody(overrides: Partial<DraftAssessmentBody> = {}): DraftAssessmentBody {
  const responses = (overrides.responses as CompleteResponses | undefined) ?? consistentResponses();
  const derived = deriveAssessment(responses);
  return {
    clientName: 'Jo Client',
    clientEmail: 'jo@example.com',
    responses,
    riskScore: derived.riskScore,
    originalProfile: derived.originalProfile,
    selectedProfile: derived.originalProfile,
    profileChanged: false,
    profileChangeReason: '',
    investmentExclusions: '',
    investmentPreferences: '',
    consistencyWarnings: derived.consistencyWarnings,
    adviserSlug: 'demo-adviser',
    signatureData: 'draft_1767225600000',
    sessionId: 'session-1',
    deviceType: 'mobile',
    ...overrides,
  };
}

/** The figures of a Balanced draft as events store them, for tests that write events directly. */
export const STORED_BALANCED_FIGURES = {
  riskScore: 30,
  riskGroup: 'balanced',
  percentile: 50,
  originalProfile: 'Balanced',
  predictedGroup: 'balanced',
  selectedProfile: 'Balanced',
  profileChanged: false,
  profileChangeReason: null,
  riskAcknowledged: false,
  consistencyWarnings: [],
};

/** What a draft of `changedBody()` holds: the client's number, and Growth chosen over Balanced. */
export const CHANGED_DRAFT = {
  clientEmail: null,
  clientPhone: '0412 345 678',
  originalProfile: 'Balanced',
  selectedProfile: 'Growth',
  profileChanged: true,
  profileChangeReason: 'I will not need this money for fifteen years.',
} as const;

/**
 * The NO path: a higher profile than recommended, with reason and acknowledgement; and, since
 * Growth needs a longer horizon than every answer 3 gives, the capacity acknowledgement.
 */
export function changedBody(overrides: Partial<DraftAssessmentBody> = {}): DraftAssessmentBody {
  const base = yesBody();
  const index = PROFILE_NAMES.indexOf(base.originalProfile as (typeof PROFILE_NAMES)[number]);
  return {
    ...base,
    clientEmail: null,
    clientPhone: '0412 345 678',
    selectedProfile: PROFILE_NAMES[index + 1]!,
    profileChanged: true,
    profileChangeReason: 'I will not need this money for fifteen years.',
    riskAcknowledged: true,
    capacityAcknowledged: true,
    ...overrides,
  };
}

/** A directory of exactly these advisers, for tests of the assessment service alone. */
export const knownAdvisers = (...slugs: string[]): AdviserDirectory => ({
  find: async (slug) => (slugs.includes(slug) ? adviserContact(slug) : null),
});

/** The details a directory answers for a slug in these tests: derived from the slug, so each is distinct. */
export const adviserContact = (slug: string) => ({
  slug,
  adviserName: `Adviser ${slug}`,
  companyName: `${slug} Advice Pty Ltd`,
  email: `${slug}@advisers.example.com`,
  licenceNumber: `AFSL ${slug.length}0000`,
  disclaimer: `General advice only, from ${slug}.`,
});

/** The master key of test servers' data keys (base64 of 32 bytes). */
export const TEST_DATA_ENCRYPTION_KEY = Buffer.alloc(32, 7).toString('base64');

/**
 * An assessment's stored events as the service reads them (personal fields opened with its data
 * key, `[erased]` once erased), for tests that hold only the platform and the master key.
 */
export async function readAssessmentEvents(
  platform: Pick<PlatformDeps, 'sql' | 'eventStore'>,
  masterKey: string,
  assessmentId: string,
): Promise<StoredEvent[]> {
  const protection = await openDataProtection(platform.sql, platform.eventStore, masterKey);
  return protection.store.readStream(`assessment-${assessmentId}`);
}
