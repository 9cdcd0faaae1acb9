import type { SecretBox, SecretBoxUse } from '@risk-profile/platform';

/**
 * Seals endpoints' signing secrets under a key derived from WEBHOOK_ENCRYPTION_KEY, bound to the
 * endpoint (a sealed secret copied onto another endpoint's row does not open). Without the key
 * nothing is sealed or opened: adding an endpoint answers 503.
 */
export const WEBHOOK_SECRETS: SecretBoxUse = {
  keyName: 'WEBHOOK_ENCRYPTION_KEY',
  context: 'webhook',
  feature: 'Webhooks',
  code: 'WEBHOOKS_UNAVAILABLE',
};

export type WebhookSecretBox = SecretBox;
