import { z } from 'zod';
import { userResponseSchema } from './auth';
import { defineEndpoint, errorBodySchema } from './endpoint';
import { isoDateTimeSchema, messageBodySchema } from './primitives';

/*
 * Passkeys (WebAuthn): the JSON forms of the browser's credentials as @simplewebauthn/browser
 * sends them and its options as @simplewebauthn/server makes them. Binary fields travel as
 * base64url; their caps keep a body well inside the service's body limit.
 */
const base64url = (max: number) =>
  z
    .string()
    .max(max, 'The passkey answer is too long.')
    .regex(/^[A-Za-z0-9_-]*$/, 'The passkey answer is not base64url.');

export const PASSKEY_NAME_MAX_LENGTH = 60;
export const PASSKEY_NAME_MESSAGE = `Give the passkey a name of 1 to ${PASSKEY_NAME_MAX_LENGTH} characters, such as “Work laptop”.`;
export const passkeyNameSchema = z
  .string({ error: PASSKEY_NAME_MESSAGE })
  .trim()
  .min(1, PASSKEY_NAME_MESSAGE)
  .max(PASSKEY_NAME_MAX_LENGTH, PASSKEY_NAME_MESSAGE);

const credentialBase = {
  id: base64url(1024),
  rawId: base64url(1024),
  type: z.literal('public-key'),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
};

/** What `startRegistration()` answers (a RegistrationResponseJSON). */
export const passkeyRegistrationResponseSchema = z.object({
  ...credentialBase,
  response: z.object({
    clientDataJSON: base64url(4096),
    attestationObject: base64url(8192),
    authenticatorData: base64url(4096).optional(),
    transports: z.array(z.string().max(32)).max(10).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url(4096).optional(),
  }),
});

/** What `startAuthentication()` answers (an AuthenticationResponseJSON). */
export const passkeyAuthenticationResponseSchema = z.object({
  ...credentialBase,
  response: z.object({
    clientDataJSON: base64url(4096),
    authenticatorData: base64url(4096),
    signature: base64url(1024),
    userHandle: base64url(256).optional(),
  }),
});

const credentialDescriptorSchema = z.looseObject({
  id: z.string(),
  type: z.literal('public-key'),
  transports: z.array(z.string()).optional(),
});

/** `navigator.credentials.create()`'s options in JSON (loose: the browser library takes them whole). */
export const passkeyRegistrationOptionsSchema = z.looseObject({
  challenge: z.string(),
  rp: z.looseObject({ id: z.string().optional(), name: z.string() }),
  user: z.looseObject({ id: z.string(), name: z.string(), displayName: z.string() }),
  pubKeyCredParams: z.array(z.looseObject({ type: z.literal('public-key'), alg: z.number() })),
  timeout: z.number().optional(),
  excludeCredentials: z.array(credentialDescriptorSchema).optional(),
  authenticatorSelection: z.looseObject({}).optional(),
  attestation: z.string().optional(),
});

/** `navigator.credentials.get()`'s options in JSON. */
export const passkeyAuthenticationOptionsSchema = z.looseObject({
  challenge: z.string(),
  rpId: z.string().optional(),
  timeout: z.number().optional(),
  allowCredentials: z.array(credentialDescriptorSchema).optional(),
  userVerification: z.string().optional(),
});

export const registerPasskeyBodySchema = z.strictObject({
  name: passkeyNameSchema,
  response: passkeyRegistrationResponseSchema,
});
export type RegisterPasskeyBody = z.input<typeof registerPasskeyBodySchema>;

export const passkeyAssertionBodySchema = z.strictObject({ response: passkeyAuthenticationResponseSchema });
export type PasskeyAssertionBody = z.input<typeof passkeyAssertionBodySchema>;

/** Which sign-in page asks: the admin one admits administrators only. */
export const passkeySignInOptionsBodySchema = z.strictObject({
  page: z.enum(['user', 'admin']).default('user'),
});

export const passkeySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  createdAt: isoDateTimeSchema,
  lastUsedAt: isoDateTimeSchema.nullable(),
});
export type Passkey = z.infer<typeof passkeySchema>;
export const passkeyListSchema = z.object({ passkeys: z.array(passkeySchema) });

const noSession = { 401: errorBodySchema } as const;
/** A passkey answer refused: bad JSON 400; a challenge missing, used or expired, or a signature refused 401. */
const assertionRefused = { 400: errorBodySchema, 401: errorBodySchema, 429: errorBodySchema } as const;

export const listPasskeysEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/auth/passkeys',
  service: 'adviser',
  access: 'enrolling',
  summary: "The signed-in account's passkeys: name, when added, when last used.",
  responses: { 200: passkeyListSchema, ...noSession },
});

export const passkeyRegistrationOptionsEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/auth/passkeys/register/options',
  service: 'adviser',
  access: 'enrolling',
  summary:
    'Starts adding a passkey: options for `navigator.credentials.create()` (discoverable, user verification required), with a single-use challenge bound to this browser for 5 minutes; 409 when the account has 20.',
  responses: { 200: passkeyRegistrationOptionsSchema, ...noSession, 409: errorBodySchema },
});

export const registerPasskeyEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/auth/passkeys/register/verify',
  service: 'adviser',
  access: 'enrolling',
  summary:
    'Adds the passkey the browser created, under a name; a session limited to setting up a second factor is replaced by a full one. 400 when the answer is refused.',
  body: registerPasskeyBodySchema,
  responses: {
    200: z.object({ passkey: passkeySchema }),
    400: errorBodySchema,
    ...noSession,
    409: errorBodySchema,
  },
});

export const removePasskeyEndpoint = defineEndpoint({
  method: 'DELETE',
  path: '/api/auth/passkeys/:id',
  service: 'adviser',
  access: 'signed-in',
  summary:
    'Removes one of the account’s passkeys; 409 when it is the account’s last way to sign in or the last second factor its role requires, 404 for any other id.',
  responses: { 200: messageBodySchema, ...noSession, 404: errorBodySchema, 409: errorBodySchema },
});

export const passkeySignInOptionsEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/auth/passkeys/sign-in/options',
  service: 'adviser',
  access: 'public',
  summary:
    'Starts signing in with a passkey instead of a password: options for `navigator.credentials.get()` (discoverable credentials, user verification required).',
  body: passkeySignInOptionsBodySchema,
  responses: { 200: passkeyAuthenticationOptionsSchema, 400: errorBodySchema },
});

export const passkeySignInEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/auth/passkeys/sign-in/verify',
  service: 'adviser',
  access: 'public',
  summary:
    'Signs in with the passkey the browser used (it counts as two factors); sets the session cookie. 401 for an unknown passkey, a refused signature or no pending challenge.',
  body: passkeyAssertionBodySchema,
  responses: { 200: userResponseSchema, ...assertionRefused },
});

export const mfaPasskeyOptionsEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/auth/mfa/passkey/options',
  service: 'adviser',
  access: 'public',
  summary:
    'The second step of a sign-in that answered `mfaRequired` with `passkey` among its methods: options for `navigator.credentials.get()` naming the account’s passkeys. 401 without a pending sign-in, 409 when the account has no passkey.',
  responses: { 200: passkeyAuthenticationOptionsSchema, ...noSession, 409: errorBodySchema },
});

export const verifyMfaPasskeyEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/auth/mfa/passkey/verify',
  service: 'adviser',
  access: 'public',
  summary:
    'Completes the second step with one of the account’s passkeys; sets the session cookie. 401 for a refused passkey or no pending sign-in.',
  body: passkeyAssertionBodySchema,
  responses: { 200: userResponseSchema, ...assertionRefused },
});
