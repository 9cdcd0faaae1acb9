/*
 * Field limits and the wording of their failures, shared by the request schemas and the page's
 * own checks. Kept apart from the schemas so that the page can use them without loading zod.
 */
export const MAX_EMAIL_LENGTH = 254;
export const MAX_NAME_LENGTH = 200;
export const MAX_FREE_TEXT_LENGTH = 5000;
export const MAX_CHANGE_REASON_LENGTH = 2000;
/** One per consistency rule. */
export const MAX_CONSISTENCY_WARNINGS = 6;
export const MAX_QUESTION_EVENT_BATCH = 100;

export const INVALID_EMAIL_MESSAGE = 'Please enter a valid email address.';
export const INVALID_PHONE_MESSAGE = 'Please enter a valid mobile number.';
