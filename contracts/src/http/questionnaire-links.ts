import { z } from 'zod';
import { defineEndpoint, errorBodySchema } from './endpoint';
import { MAX_NAME_LENGTH } from './limits';
import {
  isoDateTimeSchema,
  messageBodySchema,
  optionalEmailSchema,
  optionalPhoneSchema,
  withMarkLimit,
} from './primitives';

export const LINK_METHODS = ['email', 'sms'] as const;
export const linkMethodSchema = z.enum(LINK_METHODS);
export type LinkMethod = z.infer<typeof linkMethodSchema>;

export const LINK_EMAIL_REQUIRED_MESSAGE =
  "Please enter the client's email address to send the link by email.";
export const LINK_PHONE_REQUIRED_MESSAGE = "Please enter the client's mobile number to send the link by SMS.";

export const sendQuestionnaireLinkBodySchema = z
  .object({
    clientName: withMarkLimit(
      z
        .string()
        .trim()
        .min(1, "Please enter the client's name.")
        .max(MAX_NAME_LENGTH, `Please keep the name to ${MAX_NAME_LENGTH} characters or fewer.`),
    ),
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
  /**
   * The link's id (QuestionnaireLinkRequested `linkId`), which the page sends with the draft so
   * the assessment names the link it came from; null for a token issued before link ids.
   */
  linkId: z.string().nullable(),
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

/**
 * A short link's code: random base62 from the adviser service's CSPRNG. Ten characters give
 * 62^10 (about 8.4 × 10^17) codes, so with the resolve endpoint's per-address limit guessing a
 * live one is impractical (docs/api.md).
 */
export const SHORT_LINK_CODE_LENGTH = 10;
export const SHORT_LINK_CODE_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
export const shortLinkCodeSchema = z
  .string({ error: 'The link code is missing.' })
  .regex(new RegExp(`^[0-9A-Za-z]{${SHORT_LINK_CODE_LENGTH}}$`), 'The link code is not valid.');

/** The path of a short link on the site: `<PUBLIC_URL>/l/<code>`. */
export const shortLinkPath = (code: string): string => `/l/${code}`;

export const resolveShortLinkBodySchema = z.object({ code: shortLinkCodeSchema });

/** Where a short link leads: the adviser's page with the signed token, as the long link has them. */
export const resolvedShortLinkSchema = z.object({
  adviserSlug: z.string(),
  token: z.string(),
});
export type ResolvedShortLink = z.infer<typeof resolvedShortLinkSchema>;

export const resolveShortLinkEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/questionnaire-links/resolve',
  service: 'adviser',
  access: 'public',
  summary:
    'Resolves a short link code (from an SMS) to the adviser page and signed token of its link; 400 when unknown or expired, rate limited per client address.',
  body: resolveShortLinkBodySchema,
  responses: { 200: resolvedShortLinkSchema, 400: errorBodySchema, 429: errorBodySchema },
});
