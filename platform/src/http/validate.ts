import type { z } from 'zod';
import { httpError } from './http-errors';

/**
 * Parses untrusted input with a shared contract schema. The first issue becomes the error
 * message (schemas carry the product's exact user-facing wording); all issues go in `details`.
 */
export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const details = result.error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message,
  }));
  const first = details[0]!;
  const message =
    first.path && !isSentence(first.message) ? `${first.path}: ${first.message}` : first.message;
  throw httpError.badRequest(message, details);
}

/** Product messages are whole sentences; zod defaults ("Required") need their field named. */
function isSentence(message: string): boolean {
  return /^[A-Z].*[.!?]$/.test(message) && message.includes(' ');
}
