import { z } from 'zod';
import { CAPACITY_FOR_LOSS_LEVELS, CAPACITY_WARNING_IDS, OVERRIDE_GRADES, TIME_HORIZONS } from './capacity';

export const capacityWarningSchema = z.object({
  id: z.enum(CAPACITY_WARNING_IDS),
  title: z.string(),
  message: z.string(),
});

/**
 * Capacity for loss and the override's grade as the assessment service recorded them (recomputed
 * from the answers and the chosen profile, never taken from the page), with whether the client
 * acknowledged the warnings. Carried by the lifecycle events and the records.
 */
export const capacityRecordSchema = z.object({
  timeHorizon: z.enum(TIME_HORIZONS),
  capacityForLoss: z.enum(CAPACITY_FOR_LOSS_LEVELS),
  capacityScore: z.int().min(4).max(20),
  warnings: z.array(capacityWarningSchema).max(CAPACITY_WARNING_IDS.length),
  /** The client confirmed CAPACITY_ACKNOWLEDGEMENT_STATEMENT; false when there were no warnings. */
  acknowledged: z.boolean(),
  overrideGrade: z.enum(OVERRIDE_GRADES),
  adviserReview: z.boolean(),
  /**
   * No profile suits the client's time horizon (docs/product-rules.md): they were told so instead
   * of being asked to acknowledge it. Absent on records made before it was recorded, which read it
   * from `timeHorizon` (`noProfileFitsHorizonText`).
   */
  noProfileFitsHorizon: z.boolean().optional(),
});
export type CapacityRecord = z.infer<typeof capacityRecordSchema>;
