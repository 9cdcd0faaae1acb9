import { z } from 'zod';
import { TOO_MANY_COMBINING_MARKS_MESSAGE, withinCombiningMarkLimit } from '../format/combining-marks';
import { isPlausibleMobile, MOBILE_INPUT_MAX_LENGTH } from '../format/phone';
import { blankToNull } from '../format/text';
import {
  INVALID_EMAIL_MESSAGE,
  INVALID_PHONE_MESSAGE,
  MAX_EMAIL_LENGTH,
  MAX_FREE_TEXT_LENGTH,
} from './limits';

/** Timestamps travel as ISO 8601 strings; `Date#toISOString()` output always fits. */
export const isoDateTimeSchema = z.iso.datetime({ offset: true });

export const DEVICE_TYPES = ['desktop', 'mobile', 'tablet'] as const;
export const deviceTypeSchema = z.enum(DEVICE_TYPES);
export type DeviceType = z.infer<typeof deviceTypeSchema>;

/** An email that may be left out: absent, null and blank all mean "no email". */
export const optionalEmailSchema = z
  .string()
  .trim()
  .nullish()
  .transform(blankToNull)
  .pipe(z.email(INVALID_EMAIL_MESSAGE).max(MAX_EMAIL_LENGTH, INVALID_EMAIL_MESSAGE).nullable());

/**
 * An Australian mobile number as the page formats it ("0412 345 678"); absent, null and blank
 * mean none. The page's own check (isPlausibleMobile) is the rule: 04 is the whole mobile range
 * of the Australian numbering plan, so emergency, premium-rate and landline numbers, which cannot
 * take an SMS, are refused.
 */
export const optionalPhoneSchema = z
  .string()
  .trim()
  .nullish()
  .transform(blankToNull)
  .pipe(
    z
      .string()
      .refine(
        (phone) => phone.length <= MOBILE_INPUT_MAX_LENGTH && isPlausibleMobile(phone),
        INVALID_PHONE_MESSAGE,
      )
      .nullable(),
  );

/**
 * A name or text a person typed keeps to Unicode's stream-safe limit of 30 combining marks on one
 * character (contracts' combining-marks): more stack into a column drawn over the lines around it.
 */
export const withMarkLimit = (schema: z.ZodString): z.ZodString =>
  schema.refine(withinCombiningMarkLimit, TOO_MANY_COMBINING_MARKS_MESSAGE);

/** Free text that may be left empty; trimmed, so whitespace alone counts as empty. */
export const freeTextSchema = withMarkLimit(
  z
    .string()
    .trim()
    .max(MAX_FREE_TEXT_LENGTH, `Please keep this to ${MAX_FREE_TEXT_LENGTH} characters or fewer.`),
).default('');

/** A SHA-256 digest in lowercase hex. */
export const sha256HexSchema = z.string().regex(/^[0-9a-f]{64}$/);

export const messageBodySchema = z.object({ message: z.string() });
