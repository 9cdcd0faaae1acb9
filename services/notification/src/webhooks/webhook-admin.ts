import type { Logger } from '@risk-profile/platform';
import {
  checkWebhookTarget,
  httpError,
  type Resolve,
  type SessionVerifier,
  type SqlClient,
} from '@risk-profile/platform';
import { ENDPOINT_NOT_FOUND_MESSAGE, findEndpoint, type WebhookEndpointRow } from './webhook-endpoints';
import type { WebhookSecretBox } from './webhook-secret-box';

/** What every webhook admin route needs (mounted by webhooks.module.ts). */
export interface WebhookAdminDeps {
  sql: SqlClient;
  sessions: SessionVerifier;
  clock: () => Date;
  logger: Logger;
  box: WebhookSecretBox;
  /** WEBHOOK_ALLOW_INSECURE_TARGETS. */
  allowInsecure: boolean;
  /** DNS for the registration's target check (tests); the system's resolver by default. */
  resolve?: Resolve;
  /** A delivery became due: the sender looks now. */
  onDue: () => void;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The endpoint a path names; 404 for an id that is not one (never a 400 or a failed cast). */
export async function endpointOr404(
  deps: Pick<WebhookAdminDeps, 'sql'>,
  id: string,
): Promise<WebhookEndpointRow> {
  const endpoint = UUID.test(id) ? await findEndpoint(deps.sql, id) : null;
  if (!endpoint) throw httpError.notFound(ENDPOINT_NOT_FOUND_MESSAGE);
  return endpoint;
}

/**
 * A URL an administrator registers is checked at once, so a mistyped or private address is
 * answered with its reason; every delivery checks it again (names change owners and addresses).
 */
export async function checkRegisteredUrl(
  deps: Pick<WebhookAdminDeps, 'allowInsecure' | 'resolve'>,
  url: string,
): Promise<string> {
  const check = await checkWebhookTarget(url, { allowInsecure: deps.allowInsecure, resolve: deps.resolve });
  if (!check.ok) throw httpError.badRequest(`This URL cannot receive webhooks: ${check.message}.`);
  return check.target.url.toString();
}
