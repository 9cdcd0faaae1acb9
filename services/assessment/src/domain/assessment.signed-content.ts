import { type CapacityRecord, pickKeys } from '@risk-profile/contracts';
import type { AssessmentSignature, DraftedAssessment } from './assessment.state';

/**
 * What a signature covers: the client, their answers, the result, their choice and its reason,
 * their instructions, and when and from where they signed. The lists are fixed, whatever fields
 * the events gain, because an auditor recomputes old digests from them (docs/assessment-service.md).
 */
const SIGNED_DRAFT_FIELDS = [
  'assessmentId',
  'clientName',
  'clientEmail',
  'clientPhone',
  'responses',
  'riskScore',
  'originalProfile',
  'selectedProfile',
  'profileChangeReason',
] as const satisfies readonly (keyof DraftedAssessment)[];
const SIGNED_SIGNING_FIELDS = [
  'investmentExclusions',
  'investmentPreferences',
  'signedAt',
  'ipAddress',
  'userAgent',
] as const satisfies readonly (keyof AssessmentSignature)[];
type SignedSigningField = (typeof SIGNED_SIGNING_FIELDS)[number];

/** What the client adds when signing. */
export type SigningDetails = Pick<AssessmentSignature, Exclude<SignedSigningField, 'signedAt'>> & {
  signedAt: Date;
  /** The capacity record as signed; absent only when recomputing a digest made before it was recorded. */
  capacity?: CapacityRecord | undefined;
};

/**
 * The content whose canonical JSON's SHA-256 is recorded with the signature; `signedAt` is ISO
 * 8601 with milliseconds, as stored in AssessmentSigned.
 */
export type SignedContent = Pick<DraftedAssessment, (typeof SIGNED_DRAFT_FIELDS)[number]> &
  Pick<AssessmentSignature, SignedSigningField> & {
    capacity?: CapacityRecord;
    questionnaireVersion?: number;
  };

/**
 * `capacity` (the record stored on AssessmentSigned) and the draft's `questionnaireVersion` (whose
 * wording the answers mean) are covered only when present, so that a digest made before either
 * was recorded still verifies from its events.
 */
export function signedContent(draft: DraftedAssessment, signing: SigningDetails): SignedContent {
  return {
    ...pickKeys(draft, SIGNED_DRAFT_FIELDS),
    ...pickKeys(signing, SIGNED_SIGNING_FIELDS),
    signedAt: signing.signedAt.toISOString(),
    ...(signing.capacity === undefined ? {} : { capacity: pickCapacity(signing.capacity) }),
    ...(draft.questionnaireVersion === undefined ? {} : { questionnaireVersion: draft.questionnaireVersion }),
  };
}

// Exactly the record's fields, in a fixed shape, whatever else an object carries;
// `noProfileFitsHorizon` only when the record has it, so records made before it verify unchanged.
const pickCapacity = (record: CapacityRecord): CapacityRecord => ({
  ...pickKeys(record, CAPACITY_FIELDS),
  warnings: record.warnings.map((warning) => pickKeys(warning, ['id', 'title', 'message'] as const)),
  ...(record.noProfileFitsHorizon === undefined ? {} : { noProfileFitsHorizon: record.noProfileFitsHorizon }),
});
const CAPACITY_FIELDS = [
  'timeHorizon',
  'capacityForLoss',
  'capacityScore',
  'warnings',
  'acknowledged',
  'overrideGrade',
  'adviserReview',
] as const satisfies readonly (keyof CapacityRecord)[];
