import type {
  AssessmentDrafted,
  AssessmentSigned,
  PersonalAssessmentEvent,
} from '../domain/assessment.events';

/**
 * The fields of each stored event that say who the client is or what they wrote in their own
 * words: stored encrypted under the assessment's data key, and replaced by the erased marker
 * once that key is deleted.
 */
export const PERSONAL_FIELDS = {
  AssessmentDrafted: [
    'clientName',
    'clientEmail',
    'clientPhone',
    'profileChangeReason',
    'investmentExclusions',
    'investmentPreferences',
  ],
  AssessmentSigned: ['ipAddress', 'userAgent', 'investmentExclusions', 'investmentPreferences'],
} as const satisfies {
  AssessmentDrafted: readonly (keyof AssessmentDrafted['data'])[];
  AssessmentSigned: readonly (keyof AssessmentSigned['data'])[];
};

export type PersonalEventType = PersonalAssessmentEvent['type'];

/** What an erased text reads as; a field that may be absent (an email, a phone) reads as null. */
export const ERASED = '[erased]';

/** The stored type of an encrypted event: a new stored shape, so the plain one never changes. */
export const ENCRYPTED_TYPE = {
  AssessmentDrafted: 'AssessmentDraftedEncrypted',
  AssessmentSigned: 'AssessmentSignedEncrypted',
} as const satisfies Record<PersonalEventType, string>;

export type EncryptedEventType = (typeof ENCRYPTED_TYPE)[PersonalEventType];

export const isPersonalEventType = (type: string): type is PersonalEventType => type in ENCRYPTED_TYPE;

const PLAIN_TYPE = Object.fromEntries(
  Object.entries(ENCRYPTED_TYPE).map(([plain, enc]) => [enc, plain]),
) as Record<EncryptedEventType, PersonalEventType>;

export const plainTypeOf = (type: string): PersonalEventType | undefined =>
  PLAIN_TYPE[type as EncryptedEventType];

/** An encrypted event's data: the plain fields as they were, the personal ones sealed together. */
export interface EncryptedData {
  [field: string]: unknown;
  /** AES-256-GCM of the personal fields' JSON under the data key (master-key.ts `seal`). */
  personal: string;
}

/** Splits an event's data into its personal fields and the rest. */
export function splitPersonal(
  type: PersonalEventType,
  data: Record<string, unknown>,
): { personal: Record<string, unknown>; rest: Record<string, unknown> } {
  const fields: readonly string[] = PERSONAL_FIELDS[type];
  const personal: Record<string, unknown> = {};
  const rest: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(data)) {
    if (fields.includes(field)) personal[field] = value;
    else rest[field] = value;
  }
  return { personal, rest };
}

/** The personal fields of an erased event: the marker for text, null where null is allowed. */
export function erasedFields(
  type: PersonalEventType,
  rest: Record<string, unknown>,
): Record<string, unknown> {
  const erased: Record<string, unknown> = {};
  for (const field of PERSONAL_FIELDS[type]) erased[field] = ERASED;
  if (type === 'AssessmentDrafted') {
    erased.clientEmail = null;
    erased.clientPhone = null;
    // Whether a reason was given is not personal: the profile change is a plain field.
    erased.profileChangeReason = rest.profileChanged === true ? ERASED : null;
  }
  return erased;
}

/** AAD of an event's sealed fields: the stream and the stored type, so a value cannot be moved. */
export const personalAad = (streamId: string, type: PersonalEventType): string => `${streamId}/${type}`;
