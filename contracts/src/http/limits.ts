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
/**
 * How deep arrays and objects may nest in a request body. The product's bodies nest three levels;
 * the bound keeps a hostile body (thousands of levels) from reaching code that walks it.
 */
export const MAX_JSON_DEPTH = 32;

export const INVALID_EMAIL_MESSAGE = 'Please enter a valid email address.';
export const INVALID_PHONE_MESSAGE = 'Please enter a valid mobile number.';
