import { z } from 'zod';
import { defineEndpoint, errorBodySchema } from './endpoint';
import { MAX_NAME_LENGTH } from './limits';
import { isoDateTimeSchema, messageBodySchema, optionalEmailSchema, optionalPhoneSchema } from './primitives';

export const LINK_METHODS = ['email', 'sms'] as const;
export const linkMethodSchema = z.enum(LINK_METHODS);
export type LinkMethod = z.infer<typeof linkMethodSchema>;

export const LINK_EMAIL_REQUIRED_MESSAGE =
  "Please enter the client's email address to send the link by email.";
export const LINK_PHONE_REQUIRED_MESSAGE = "Please enter the client's mobile number to send the link by SMS.";

export const sendQuestionnaireLinkBodySchema = z
  .object({
    clientName: z
      .string()
      .trim()
      .min(1, "Please enter the client's name.")
      .max(MAX_NAME_LENGTH, `Please keep the name to ${MAX_NAME_LENGTH} characters or fewer.`),
    clientEmail: optionalEmailSchema,
    clientPhone: optionalPhoneSchema,
    method: linkMethodSchema,
  })
  .superRefine((body, ctx) => {
    if (body.method === 'email' && body.clientEmail === null) {
      ctx.addIssue({ code: 'custom', path: ['clientEmail'], message: LINK_EMAIL_REQUIRED_MESSAGE });
    }
    if (body.method === 'sms' && body.clientPhone === null) {
      ctx.addIssue({ code: 'custom', path: ['clientPhone'], message: LINK_PHONE_REQUIRED_MESSAGE });
    }
  });
export type SendQuestionnaireLinkBody = z.input<typeof sendQuestionnaireLinkBodySchema>;

export const sendQuestionnaireLinkEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/send-questionnaire-link',
  service: 'adviser',
  access: 'adviser',
  summary:
    'Creates a signed questionnaire link for a client and queues its email or SMS (sent by notification).',
  body: sendQuestionnaireLinkBodySchema,
  responses: {
    200: messageBodySchema,
    400: errorBodySchema,
    401: errorBodySchema,
    403: errorBodySchema,
    429: errorBodySchema,
  },
});

export const verifyQuestionnaireLinkBodySchema = z.object({
  token: z.string().min(1, 'The link token is missing.').max(2048, 'The link token is too long.'),
});

/** What the page pre-fills from a valid link. */
export const verifiedLinkSchema = z.object({
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  adviserSlug: z.string().nullable(),
  expiresAt: isoDateTimeSchema,
});
export type VerifiedLink = z.infer<typeof verifiedLinkSchema>;

export const verifyQuestionnaireLinkEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/questionnaire-links/verify',
  service: 'adviser',
  access: 'public',
  summary:
    'Checks a link token (signature and expiry) and returns the details it carries; 400 when invalid or expired.',
  body: verifyQuestionnaireLinkBodySchema,
  responses: { 200: verifiedLinkSchema, 400: errorBodySchema },
});
