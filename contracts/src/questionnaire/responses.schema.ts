import { z } from 'zod';
import { RESPONSE_KEYS, type ResponseKey } from './responses';

export const answerScoreSchema = z.literal([1, 2, 3, 4, 5]);

const shape = Object.fromEntries(RESPONSE_KEYS.map((key) => [key, answerScoreSchema])) as Record<
  ResponseKey,
  typeof answerScoreSchema
>;

/** Every question answered, nothing else. */
export const responsesSchema = z.strictObject(shape);

/** Answers so far (saved progress, drafts in the browser). */
export const partialResponsesSchema = responsesSchema.partial();
