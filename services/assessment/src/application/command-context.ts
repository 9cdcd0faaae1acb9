import { randomUUID } from 'node:crypto';
import type { EventMetadata } from '@risk-profile/platform';

/** What a request adds to a command: the time it arrived and the ids that trace it. */
export interface CommandContext {
  now: Date;
  /** The request id, carried by every event the request causes. */
  correlationId: string;
}

/** Each command gets its own id, recorded as the causation id of the events it produced. */
export function commandMetadata(context: CommandContext): EventMetadata {
  return { correlationId: context.correlationId, causationId: randomUUID() };
}
