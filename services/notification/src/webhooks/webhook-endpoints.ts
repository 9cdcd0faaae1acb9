import type { WebhookEndpointView } from '@risk-profile/contracts';
import type { SqlExecutor } from '@risk-profile/platform';
import { SECRET_ROTATION_OVERLAP_MS } from '@risk-profile/platform';

/** The endpoints table (webhooks.migrations.ts), as the admin routes and the sender read it. */

export interface WebhookEndpointRow {
  id: string;
  url: string;
  events: string[];
  description: string;
  state: 'active' | 'disabled';
  disabled_reason: string | null;
  secret_sealed: string;
  previous_secret_sealed: string | null;
  secret_rotated_at: Date | string | null;
  failing_since: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

export const ENDPOINT_NOT_FOUND_MESSAGE = 'No such webhook endpoint.';

const iso = (value: Date | string): string => new Date(value).toISOString();

export function endpointView(row: WebhookEndpointRow, now: Date): WebhookEndpointView {
  const rotatedAt = row.secret_rotated_at === null ? null : new Date(row.secret_rotated_at);
  const expiresAt = rotatedAt === null ? null : new Date(rotatedAt.getTime() + SECRET_ROTATION_OVERLAP_MS);
  return {
    id: row.id,
    url: row.url,
    events: row.events as WebhookEndpointView['events'],
    description: row.description,
    state: row.state,
    disabledReason: row.disabled_reason,
    failingSince: row.failing_since === null ? null : iso(row.failing_since),
    previousSecretExpiresAt:
      row.previous_secret_sealed !== null && expiresAt !== null && expiresAt > now
        ? expiresAt.toISOString()
        : null,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

export async function findEndpoint(sql: SqlExecutor, id: string): Promise<WebhookEndpointRow | null> {
  const { rows } = await sql.query<WebhookEndpointRow>(
    'SELECT * FROM webhook_endpoints WHERE id = $1::uuid',
    [id],
  );
  return rows[0] ?? null;
}

/**
 * Disables an active endpoint (or enables a disabled one), saying why; the row as it is now, or
 * null when there is no such endpoint. `onlyIfActive` keeps the sender's disabling from
 * overwriting an administrator's, and tells the caller whether this call was the one that did it.
 */
export async function setEndpointState(
  sql: SqlExecutor,
  id: string,
  change: { state: 'active' | 'disabled'; reason: string | null; now: Date; onlyIfActive?: boolean },
): Promise<WebhookEndpointRow | null> {
  const { rows } = await sql.query<WebhookEndpointRow>(
    `UPDATE webhook_endpoints
     SET state = $2, disabled_reason = $3, updated_at = $4::timestamptz,
         failing_since = CASE WHEN $2 = 'active' THEN NULL ELSE failing_since END
     WHERE id = $1::uuid AND ($5::boolean IS NOT TRUE OR state = 'active')
     RETURNING *`,
    [id, change.state, change.reason, change.now.toISOString(), change.onlyIfActive ?? false],
  );
  return rows[0] ?? null;
}
