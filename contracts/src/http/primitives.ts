import { z } from 'zod';
import { MOBILE_INPUT_MAX_LENGTH } from '../format/phone';
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

/** A mobile number as the page formats it (digits in groups); absent, null and blank mean none. */
export const optionalPhoneSchema = z
  .string()
  .trim()
  .nullish()
  .transform(blankToNull)
  .pipe(
    z
      .string()
      .max(MOBILE_INPUT_MAX_LENGTH, INVALID_PHONE_MESSAGE)
      .regex(/^\d[\d ]*$/, INVALID_PHONE_MESSAGE)
      .nullable(),
  );

/** Free text that may be left empty; trimmed, so whitespace alone counts as empty. */
export const freeTextSchema = z
  .string()
  .trim()
  .max(MAX_FREE_TEXT_LENGTH, `Please keep this to ${MAX_FREE_TEXT_LENGTH} characters or fewer.`)
  .default('');

/** A SHA-256 digest in lowercase hex. */
export const sha256HexSchema = z.string().regex(/^[0-9a-f]{64}$/);

export const messageBodySchema = z.object({ message: z.string() });
