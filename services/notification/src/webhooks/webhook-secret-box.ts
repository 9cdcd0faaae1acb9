import { deriveKey, HttpError, open, parseSecretKey, seal } from '@risk-profile/platform';

export const WEBHOOKS_UNAVAILABLE_MESSAGE =
  'Webhooks cannot be set up on this server yet: its WEBHOOK_ENCRYPTION_KEY is not configured.';

/**
 * Seals endpoints' signing secrets under a key derived from WEBHOOK_ENCRYPTION_KEY, bound to the
 * endpoint (a sealed secret copied onto another endpoint's row does not open). Without the key
 * nothing is sealed or opened: adding an endpoint answers 503.
 */
export function webhookSecretBox(configuredKey: string | undefined) {
  const key = configuredKey
    ? deriveKey(parseSecretKey(configuredKey, 'WEBHOOK_ENCRYPTION_KEY'), 'webhook secret v1')
    : null;
  const required = (): Buffer => {
    if (!key) throw new HttpError(503, WEBHOOKS_UNAVAILABLE_MESSAGE, 'WEBHOOKS_UNAVAILABLE');
    return key;
  };
  return {
    seal: (endpointId: string, secret: string) =>
      seal(required(), Buffer.from(secret, 'utf8'), `webhook:${endpointId}`),
    open: (endpointId: string, sealed: string) =>
      open(required(), sealed, `webhook:${endpointId}`).toString('utf8'),
  };
}

export type WebhookSecretBox = ReturnType<typeof webhookSecretBox>;
