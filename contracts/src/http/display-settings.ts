import { z } from 'zod';
import { defineEndpoint } from './endpoint';

/**
 * How the pages write what they show: the firm's time zone (the notification service's
 * REPORT_TIME_ZONE), in which every date a person reads is written, with its abbreviation, as in
 * the reports and messages (contracts' date-time helpers). The pages ask it of the server and never
 * use the browser's own zone: one instant must read the same on a page, in a PDF and in an email.
 */
export const displaySettingsSchema = z.object({
  /** IANA time zone, e.g. "Australia/Sydney". */
  timeZone: z.string().min(1),
});
export type DisplaySettings = z.infer<typeof displaySettingsSchema>;

export const displaySettingsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/display-settings',
  service: 'notification',
  access: 'public',
  summary: "The firm's time zone (REPORT_TIME_ZONE), in which the pages write every date.",
  responses: { 200: displaySettingsSchema },
});
