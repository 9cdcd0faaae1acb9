import type { CompleteResponses, ProfileName } from '@risk-profile/contracts';
import type { DraftedAssessment } from './assessment.state';

/** What the client adds when signing. */
export interface SigningDetails {
  investmentExclusions: string;
  investmentPreferences: string;
  signedAt: Date;
  ipAddress: string;
  userAgent: string;
}

/**
 * Exactly what a signature covers: the client, their answers, the result, their choice and its
 * reason, their instructions, and when and from where they signed. The SHA-256 of its canonical
 * JSON is recorded with the signature (docs/assessment-service.md shows how to recompute it from
 * the two stored events).
 */
export interface SignedContent {
  assessmentId: string;
  clientName: string;
  clientEmail: string | null;
  clientPhone: string | null;
  responses: CompleteResponses;
  riskScore: number;
  originalProfile: ProfileName;
  selectedProfile: ProfileName;
  profileChangeReason: string | null;
  investmentExclusions: string;
  investmentPreferences: string;
  /** ISO 8601 with milliseconds, as stored in AssessmentSigned. */
  signedAt: string;
  ipAddress: string;
  userAgent: string;
}

export function signedContent(draft: DraftedAssessment, signing: SigningDetails): SignedContent {
  return {
    assessmentId: draft.assessmentId,
    clientName: draft.clientName,
    clientEmail: draft.clientEmail,
    clientPhone: draft.clientPhone,
    responses: draft.responses,
    riskScore: draft.riskScore,
    originalProfile: draft.originalProfile,
    selectedProfile: draft.selectedProfile,
    profileChangeReason: draft.profileChangeReason,
    investmentExclusions: signing.investmentExclusions,
    investmentPreferences: signing.investmentPreferences,
    signedAt: signing.signedAt.toISOString(),
    ipAddress: signing.ipAddress,
    userAgent: signing.userAgent,
  };
}
