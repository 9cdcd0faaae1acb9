/*
 * The questionnaire's version as a number, apart from the versions' data (versions.ts), so the
 * page's first screen can name the version it shows without loading any version's wording.
 */

/** The version this build's questionnaire page shows and a service answers unless configured otherwise. */
export const CURRENT_QUESTIONNAIRE_VERSION = 1;

/**
 * The version an assessment was answered against. Events and records from before versions existed
 * carry none: they were answered against version 1, the only questionnaire there was.
 */
export const questionnaireVersionOf = (record: {
  questionnaireVersion?: number | null | undefined;
}): number => record.questionnaireVersion ?? 1;
