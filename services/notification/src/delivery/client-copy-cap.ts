import type { SqlExecutor } from '@risk-profile/platform';
import type { DeliveryKind } from './deliveries';
import type { Planned } from './plan-deliveries';
import { recipientKey } from './recipient-key';

/**
 * The messages anyone can have sent to an address of their choosing: a signing needs no account,
 * and its client copy goes to whatever email or number the signer typed. Adviser reports go to
 * the adviser's recorded address and link messages are sent by signed-in advisers, so neither is
 * capped here.
 */
const CAPPED: ReadonlySet<DeliveryKind> = new Set(['client-report', 'client-sms']);
const DAY_MS = 24 * 60 * 60 * 1000;

export const suppressedReason = (perDay: number): string =>
  `Not sent: this recipient already had ${perDay} client copies a day (CLIENT_COPIES_PER_RECIPIENT_PER_DAY).`;

/**
 * Turns the client copies beyond `perDay` to one recipient in the last 24 hours into suppressed
 * deliveries, counting those already recorded and those earlier in `planned`. Run in the
 * consumer's transaction: a transaction-scoped advisory lock per recipient makes consumers in
 * other processes take turns, so the cap holds however the events are spread over them.
 */
export async function capClientCopies(
  tx: SqlExecutor,
  planned: readonly Planned[],
  now: Date,
  perDay: number,
): Promise<Planned[]> {
  const capped = planned.filter((p) => !p.undeliverable && CAPPED.has(p.delivery.kind));
  if (perDay <= 0 || capped.length === 0) return [...planned];
  // Sorted, so two transactions never wait for each other's locks in opposite orders.
  const keys = [...new Set(capped.map((p) => recipientKey(p.delivery.recipient)))].sort();
  await tx.query(
    `SELECT pg_advisory_xact_lock(hashtext('notification-client-copies:' || key))
     FROM unnest($1::text[]) WITH ORDINALITY AS k(key, n) ORDER BY n`,
    [keys],
  );
  const { rows } = await tx.query<{ key: string; copies: number }>(
    `SELECT recipient_key AS key, count(*)::int AS copies
     FROM notification_deliveries
     WHERE recipient_role = 'client' AND kind IN ('client-report', 'client-sms') AND status <> 'suppressed'
       AND recipient_key = ANY($1::text[]) AND created_at > $2
     GROUP BY 1`,
    [keys, new Date(now.getTime() - DAY_MS).toISOString()],
  );
  const copies = new Map(rows.map((row) => [row.key, Number(row.copies)]));
  return planned.map((p): Planned => {
    if (p.undeliverable || !CAPPED.has(p.delivery.kind)) return p;
    const key = recipientKey(p.delivery.recipient);
    const already = copies.get(key) ?? 0;
    if (already < perDay) {
      copies.set(key, already + 1);
      return p;
    }
    const { content: _content, ...delivery } = p.delivery;
    return {
      undeliverable: true,
      suppressed: true,
      delivery: { ...delivery, reason: suppressedReason(perDay) },
    };
  });
}
