import { describe, expect, it } from 'vitest';
import { signatureDigest } from '../application/signature-digest';
import { CHOSE_GROWTH, draftedEvent, FIXTURE } from '../testing/domain-fixtures';
import { signedCapacity } from './assessment.capacity';
import { type SigningDetails, signedContent } from './assessment.signed-content';
import type { DraftedAssessment } from './assessment.state';

// A draft as stored before questionnaire versions: the digests pinned below were made of such drafts.
const { questionnaireVersion: _none, ...draft }: DraftedAssessment = draftedEvent({
  ...CHOSE_GROWTH,
}).data;

const signing: SigningDetails = {
  investmentExclusions: 'Tobacco',
  investmentPreferences: '',
  signedAt: FIXTURE.signedAt,
  ipAddress: '203.0.113.7',
  userAgent: 'Mozilla/5.0',
};

// The fields docs/assessment-service.md lists: old signatures are recomputed with exactly these.
const DOCUMENTED_FIELDS = [
  'assessmentId',
  'clientEmail',
  'clientName',
  'clientPhone',
  'investmentExclusions',
  'investmentPreferences',
  'ipAddress',
  'originalProfile',
  'profileChangeReason',
  'responses',
  'riskScore',
  'selectedProfile',
  'signedAt',
  'userAgent',
];

describe('the signed content of a draft', () => {
  it('holds exactly the documented fields, with the signing time in ISO 8601', () => {
    const content = signedContent(draft, signing);
    expect(Object.keys(content).sort()).toEqual(DOCUMENTED_FIELDS);
    expect(content).toMatchObject({
      assessmentId: FIXTURE.assessmentId,
      selectedProfile: 'Growth',
      profileChangeReason: 'Long horizon.',
      investmentExclusions: 'Tobacco',
      signedAt: FIXTURE.signedAt.toISOString(),
    });
  });

  it('keeps the digest of the same draft and signing byte for byte', () => {
    expect(signatureDigest(signedContent(draft, signing))).toBe(
      '364dee1094801ae04419301c75c7998c20e768749364ed0ed5c89ab5d4885617',
    );
  });

  it('covers the capacity record as signed when the signature has one, and only its fields', () => {
    const capacity = signedCapacity(draft, false);
    const content = signedContent(draft, {
      ...signing,
      capacity: { ...capacity, extra: 1 } as typeof capacity,
    });
    expect(Object.keys(content).sort()).toEqual([...DOCUMENTED_FIELDS, 'capacity'].sort());
    expect(content.capacity).toEqual(capacity);
    expect(signatureDigest(content)).not.toBe(signatureDigest(signedContent(draft, signing)));
    // A signature made before capacity was recorded has none: its digest is computed without it.
    expect(signedContent(draft, { ...signing, capacity: undefined })).toEqual(signedContent(draft, signing));
  });

  it("covers the draft's questionnaire version when it has one", () => {
    const versioned = { ...draft, questionnaireVersion: 1 };
    const content = signedContent(versioned, signing);
    expect(Object.keys(content).sort()).toEqual([...DOCUMENTED_FIELDS, 'questionnaireVersion'].sort());
    expect(content.questionnaireVersion).toBe(1);
    expect(signatureDigest(content)).not.toBe(signatureDigest(signedContent(draft, signing)));
    expect(signatureDigest(signedContent({ ...draft, questionnaireVersion: 2 }, signing))).not.toBe(
      signatureDigest(content),
    );
  });

  it('leaves out whatever else the draft or the signing holds, so a new field never changes old digests', () => {
    const moreDraft = { ...draft, somethingNew: 'x' } as DraftedAssessment;
    const moreSigning = { ...signing, somethingElse: 'y' } as SigningDetails;
    expect(signedContent(moreDraft, moreSigning)).toEqual(signedContent(draft, signing));
  });
});
