import { z } from 'zod';
import { isoDateTimeSchema } from '../http/primitives';

const traceIdSchema = z.string().min(1).max(200);

/**
 * Every integration event travels in the same envelope. `type` and `version` are literals so a
 * topic's schema can tell its events apart; a new shape gets a new version, never a new name.
 * `correlationId` ties together everything one request caused; `causationId` names the event
 * (or null for a request) that directly caused this one.
 */
export function integrationEventEnvelope<const T extends string, const V extends number, D extends z.ZodType>(
  type: T,
  version: V,
  data: D,
) {
  return z.object({
    id: z.uuid(),
    type: z.literal(type),
    version: z.literal(version),
    occurredAt: isoDateTimeSchema,
    correlationId: traceIdSchema,
    causationId: traceIdSchema.nullable(),
    data,
  });
}
