import type { z } from 'zod';
import { questionEventSchema } from '../../http/analytics';
import { isoDateTimeSchema } from '../../http/primitives';
import { integrationEventEnvelope } from '../envelope';

/**
 * One accepted question event; `receivedAt` is the ingest time, since client clocks drift. Its
 * `questionnaireVersion` is the page's (absent, read as 1 by `questionnaireVersionOf`, from older pages).
 */
export const questionEventRecordedV1 = integrationEventEnvelope(
  'QuestionEventRecorded',
  1,
  questionEventSchema.extend({ receivedAt: isoDateTimeSchema }),
);
export type QuestionEventRecordedV1 = z.infer<typeof questionEventRecordedV1>;
