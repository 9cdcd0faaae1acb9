import { z } from 'zod';
import { isoDateTimeSchema } from '../../http/primitives';
import { integrationEventEnvelope } from '../envelope';

/** Why an assessment's personal data was erased (docs/records.md, "Retention and erasure"). */
export const ERASURE_REASONS = ['request', 'draft-retention', 'record-retention'] as const;
export const erasureReasonSchema = z.enum(ERASURE_REASONS);
export type ErasureReason = z.infer<typeof erasureReasonSchema>;

/**
 * The assessment's personal data was erased: its data key is deleted, so the personal fields of
 * its stored events can no longer be read. Every consumer deletes what it holds about it (read
 * models, deliveries' recipients and content, outbox files); the event itself carries nothing
 * personal. `linkId` lets the links' read models forget the recipient of the link it came by.
 */
export const assessmentErasedV1 = integrationEventEnvelope(
  'AssessmentErased',
  1,
  z.object({
    assessmentId: z.uuid(),
    reason: erasureReasonSchema,
    linkId: z.string().min(1).max(64).nullable(),
    adviserSlug: z.string().nullable(),
    erasedAt: isoDateTimeSchema,
  }),
);
export type AssessmentErasedV1 = z.infer<typeof assessmentErasedV1>;

/**
 * An erasure was asked for a signed record still inside its retention period, so it was refused
 * and processing restricted instead: no more messages to anyone about it, and it is hidden from
 * the adviser's lists (administrators still see it), until `retainedUntil`, when the retention
 * job erases it.
 */
export const assessmentProcessingRestrictedV1 = integrationEventEnvelope(
  'AssessmentProcessingRestricted',
  1,
  z.object({
    assessmentId: z.uuid(),
    restrictedAt: isoDateTimeSchema,
    retainedUntil: isoDateTimeSchema,
  }),
);
export type AssessmentProcessingRestrictedV1 = z.infer<typeof assessmentProcessingRestrictedV1>;
