import { z } from 'zod';
import { userResponseSchema } from './auth';
import { defineEndpoint, errorBodySchema } from './endpoint';
import { messageBodySchema } from './primitives';

/** Six digits, as every authenticator app shows them (spaces people type are dropped). */
export const TOTP_CODE_MESSAGE = 'Enter the 6-digit code from your authenticator app.';
export const RECOVERY_CODE_MESSAGE = 'Enter one of your recovery codes (10 letters and digits).';

export const totpCodeSchema = z
  .string()
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, TOTP_CODE_MESSAGE));

/** Ten base32 characters, shown as two groups of five (`abcde-23456`); case, spaces and dashes are forgiven. */
export const recoveryCodeSchema = z
  .string()
  .max(64, RECOVERY_CODE_MESSAGE)
  .transform((value) => value.replace(/[\s-]+/g, '').toLowerCase())
  .pipe(z.string().regex(/^[a-z2-7]{10}$/, RECOVERY_CODE_MESSAGE));

export const totpCodeBodySchema = z.strictObject({ code: totpCodeSchema });

/** The second step of a sign-in: a code from the app, or one of the recovery codes. */
export const mfaVerifyBodySchema = z.union(
  [z.strictObject({ code: totpCodeSchema }), z.strictObject({ recoveryCode: recoveryCodeSchema })],
  { error: 'Send either a code from your authenticator app or a recovery code.' },
);
export type MfaVerifyBody = z.input<typeof mfaVerifyBodySchema>;

export const totpSetupSchema = z.object({
  /** Base32 (RFC 4648, no padding), for typing into an app that cannot scan. */
  secret: z.string(),
  /** `otpauth://totp/Risk%20Profile:{email}?secret=…&issuer=Risk%20Profile&algorithm=SHA1&digits=6&period=30`. */
  otpauthUri: z.string(),
});
export type TotpSetup = z.infer<typeof totpSetupSchema>;

export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()).length(10) });

export const mfaStatusSchema = z.object({
  /** The account signs in with a code from an authenticator app after its password. */
  totp: z.boolean(),
  /** Unused recovery codes left. */
  recoveryCodesLeft: z.number().int().min(0),
  /** MFA_REQUIRED_ROLES names the account's role: its last second factor (app or passkey) cannot go. */
  required: z.boolean(),
});
export type MfaStatus = z.infer<typeof mfaStatusSchema>;

export const SIGN_IN_METHODS = ['password', 'totp', 'recovery-code', 'sso', 'passkey'] as const;
export const signInMethodSchema = z.enum(SIGN_IN_METHODS);
export type SignInMethod = z.infer<typeof signInMethodSchema>;

export const accountSessionSchema = z.object({
  id: z.uuid(),
  startedAt: z.iso.datetime({ offset: true }),
  expiresAt: z.iso.datetime({ offset: true }),
  /** The client address the session started from. */
  ip: z.string().nullable(),
  /** The browser's User-Agent when it started. */
  userAgent: z.string().nullable(),
  method: signInMethodSchema,
  /** The session of this request. */
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;
export const accountSessionListSchema = z.object({ sessions: z.array(accountSessionSchema) });

/*
 * A session limited to setting up a second factor gets 403 MFA_SETUP_REQUIRED from every other
 * endpoint, and a code counted towards a locked account 429 ACCOUNT_LOCKED: both are the
 * document's default answer (docs/api.md), as a cross-site write's 403 is.
 */
const noSession = { 401: errorBodySchema } as const;
const codeRefused = { 400: errorBodySchema, ...noSession, 409: errorBodySchema } as const;

export const getMfaStatusEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/auth/mfa',
  service: 'adviser',
  access: 'enrolling',
  summary: "The signed-in account's second factor: on or off, recovery codes left, required by policy.",
  responses: { 200: mfaStatusSchema, ...noSession },
});

export const setupTotpEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/auth/mfa/totp/setup',
  service: 'adviser',
  access: 'enrolling',
  summary:
    'Starts setting up an authenticator app: a new secret (replacing one not yet confirmed), shown only now; 409 when one is on.',
  responses: { 200: totpSetupSchema, ...noSession, 409: errorBodySchema },
});

export const confirmTotpEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/auth/mfa/totp/confirm',
  service: 'adviser',
  access: 'enrolling',
  summary:
    'Turns the app on with a current code and answers ten single-use recovery codes, shown only now; the session is replaced by one that is no longer limited to setting up.',
  body: totpCodeBodySchema,
  responses: { 200: recoveryCodesSchema, ...codeRefused },
});

export const disableTotpEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/auth/mfa/totp/disable',
  service: 'adviser',
  access: 'signed-in',
  summary:
    'Turns the app off with a current code (its recovery codes go too); 409 when it is off or required by MFA_REQUIRED_ROLES.',
  body: totpCodeBodySchema,
  responses: { 200: messageBodySchema, ...codeRefused },
});

export const verifyMfaEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/auth/mfa/verify',
  service: 'adviser',
  access: 'public',
  summary:
    'The second step of a sign-in that answered `mfaRequired`: a code or a recovery code; sets the session cookie. 401 for a wrong code or no pending sign-in.',
  body: mfaVerifyBodySchema,
  responses: { 200: userResponseSchema, 400: errorBodySchema, ...noSession },
});

export const listSessionsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/auth/sessions',
  service: 'adviser',
  access: 'signed-in',
  summary: "The signed-in account's sessions that have not ended, newest first, the current one marked.",
  responses: { 200: accountSessionListSchema, ...noSession },
});

export const endSessionEndpoint = defineEndpoint({
  method: 'DELETE',
  path: '/api/auth/sessions/:id',
  service: 'adviser',
  access: 'signed-in',
  summary: 'Ends one of the signed-in account’s own sessions at once (404 for any other id).',
  responses: { 200: messageBodySchema, ...noSession, 404: errorBodySchema },
});

export const resetSecondFactorEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/accounts/:id/reset-second-factor',
  service: 'adviser',
  access: 'admin',
  summary:
    "Removes an account's authenticator app and recovery codes and ends its sessions (audited); 409 when it has none, 422 for one's own.",
  responses: {
    200: messageBodySchema,
    401: errorBodySchema,
    403: errorBodySchema,
    404: errorBodySchema,
    409: errorBodySchema,
    422: errorBodySchema,
  },
});
