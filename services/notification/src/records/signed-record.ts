import { type AssessmentSignedV1, displayIpAddress, type SignedRecord } from '@risk-profile/contracts';

/** What was signed, as the record shows it: the IP address as people read it. */
export function signedRecordOf(data: AssessmentSignedV1['data']): SignedRecord {
  return {
    responses: data.responses,
    percentile: data.percentile,
    profileChangeReason: data.profileChangeReason,
    riskAcknowledged: data.riskAcknowledged ?? false,
    consistencyWarnings: data.consistencyWarnings,
    // Null for an assessment drafted before the notes were recorded: the record says so.
    consistencyNotes: data.consistencyNotes ?? null,
    investmentExclusions: data.investmentExclusions,
    investmentPreferences: data.investmentPreferences,
    signature: {
      signedAt: data.signedAt,
      ipAddress: displayIpAddress(data.ipAddress),
      userAgent: data.userAgent,
      digest: data.digest,
    },
    adviser: data.adviser
      ? {
          slug: data.adviser.slug,
          adviserName: data.adviser.adviserName,
          companyName: data.adviser.companyName,
          email: data.adviser.email,
          licenceNumber: data.adviser.licenceNumber ?? null,
          disclaimer: data.adviser.disclaimer ?? null,
        }
      : null,
  };
}
