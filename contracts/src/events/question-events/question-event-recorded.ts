import type { z } from 'zod';
import { questionEventSchema } from '../../http/analytics';
import { isoDateTimeSchema } from '../../http/primitives';
import { integrationEventEnvelope } from '../envelope';

/** One accepted question event; `receivedAt` is the ingest time, since client clocks drift. */
export const questionEventRecordedV1 = integrationEventEnvelope(
  'QuestionEventRecorded',
  1,
  questionEventSchema.extend({ receivedAt: isoDateTimeSchema }),
);
export type QuestionEventRecordedV1 = z.infer<typeof questionEventRecordedV1>;
