import type {
  CapacityRecord,
  CompleteResponses,
  ConsistencyIssue,
  ConsistencyNote,
  DeviceType,
  ErasureReason,
  ProfileName,
  ReportAdviser,
  RiskGroup,
} from '@risk-profile/contracts';

/**
 * The events stored in an `assessment-{id}` stream. They are private to this service: other
 * services see the integration events of contracts/ that the relay builds from them. A stored
 * shape never changes; a new shape gets a new type and the old one an upcaster.
 */
export interface AssessmentDrafted {
  type: 'AssessmentDrafted';
  data: {
    assessmentId: string;
    clientName: string;
    clientEmail: string | null;
    clientPhone: string | null;
    /**
     * The questionnaire version the answers were scored against (contracts' versions.ts); absent
     * on drafts stored before versions existed, which were answered against version 1.
     */
    questionnaireVersion?: number;
    responses: CompleteResponses;
    /** Derived on the server from the responses; never the client's figures. */
    riskScore: number;
    riskGroup: RiskGroup;
    percentile: number;
    originalProfile: ProfileName;
    predictedGroup: RiskGroup;
    selectedProfile: ProfileName;
    profileChanged: boolean;
    profileChangeReason: string | null;
    riskAcknowledged: boolean;
    consistencyWarnings: ConsistencyIssue[];
    /**
     * The contradiction notes the client was shown during the questionnaire and the questions they
     * changed while each showed, written from the rules; absent on drafts stored before it was
     * recorded (or from a page that did not report them).
     */
    consistencyNotes?: ConsistencyNote[];
    investmentExclusions: string;
    investmentPreferences: string;
    adviserSlug: string | null;
    /**
     * The adviser's name, company and email as looked up when the draft was made: where the
     * signed report goes; and the firm's licence number and disclaimer that the report prints.
     * Absent on drafts stored before it was recorded (and the last two on drafts stored before
     * they were).
     */
    adviser?: ReportAdviser | null;
    /** The questionnaire link the client arrived by; absent on drafts stored before it was recorded. */
    linkId?: string | null;
    /**
     * Capacity for loss, its warnings and whether the client acknowledged them, and the override's
     * grade, recomputed from the answers (docs/product-rules.md); absent on drafts stored before
     * capacity was recorded.
     */
    capacity?: CapacityRecord;
    sessionId: string | null;
    deviceType: DeviceType | null;
    /** ISO 8601. */
    draftedAt: string;
  };
}

export interface AssessmentSigned {
  type: 'AssessmentSigned';
  data: {
    assessmentId: string;
    investmentExclusions: string;
    investmentPreferences: string;
    /** ISO 8601. */
    signedAt: string;
    ipAddress: string;
    userAgent: string;
    /**
     * The capacity record as signed: the draft's, acknowledged when the client acknowledged its
     * warnings in the draft or at signing. Absent on signatures made before capacity was recorded,
     * whose digest does not cover it.
     */
    capacity?: CapacityRecord;
    /** SHA-256 (lowercase hex) of the canonical signed content, see docs/assessment-service.md. */
    digest: string;
  };
}

/**
 * The assessment's data key was deleted: the personal fields of its other events can no longer be
 * read (data-protection/). Carries nothing personal; `linkId` and `adviserSlug` let consumers find
 * what they hold about it.
 */
export interface AssessmentErased {
  type: 'AssessmentErased';
  data: {
    assessmentId: string;
    reason: ErasureReason;
    linkId: string | null;
    adviserSlug: string | null;
    /** ISO 8601. */
    erasedAt: string;
  };
}

/**
 * An erasure was asked for a signed record inside its retention period: refused, and processing
 * restricted until `retainedUntil`, when the retention job erases it.
 */
export interface AssessmentProcessingRestricted {
  type: 'AssessmentProcessingRestricted';
  data: {
    assessmentId: string;
    /** ISO 8601. */
    restrictedAt: string;
    retainedUntil: string;
  };
}

export type AssessmentEvent =
  | AssessmentDrafted
  | AssessmentSigned
  | AssessmentErased
  | AssessmentProcessingRestricted;

/** The events that hold personal data: their personal fields are stored encrypted. */
export type PersonalAssessmentEvent = AssessmentDrafted | AssessmentSigned;
