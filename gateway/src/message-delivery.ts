import {
  internalMessageDeliveryPath,
  type MessageDelivery,
  messageDeliverySchema,
} from '@risk-profile/contracts';
import type { Logger } from '@risk-profile/platform';

/** How long a known answer is served before it is asked again (in the background). */
export const DELIVERY_TTL_MS = 60_000;
/** How long a failed question waits before the next page asks again. */
export const DELIVERY_RETRY_MS = 5_000;

/**
 * Where messages go, asked of the notification service: the distributed gateway does not read the
 * notification's settings (they hold the mail server's credentials), so it asks the one process
 * that acts on them and remembers the answer. A known answer is served at once and refreshed in
 * the background once it is a minute old, so a notification service restarted with another
 * transport is reflected within a minute. Until the first answer the pages are given none and
 * fall back to their general wording; a failed question is asked again on a later page view.
 */
export function remoteMessageDelivery(
  /** GETs a path of the notification service (an instance of it, in turn: upstream-pool.ts). */
  get: (path: string) => Promise<Response>,
  logger: Logger,
  now: () => number = Date.now,
): () => Promise<MessageDelivery | undefined> {
  let known: { delivery: MessageDelivery; at: number } | undefined;
  let failedAt: number | undefined;
  let asking: Promise<MessageDelivery | undefined> | undefined;

  const ask = async (): Promise<MessageDelivery | undefined> => {
    try {
      const res = await get(internalMessageDeliveryPath);
      if (!res.ok) {
        await res.body?.cancel();
        throw new Error(`the notification service answered ${res.status}`);
      }
      const delivery = messageDeliverySchema.parse(await res.json());
      if (JSON.stringify(delivery) !== JSON.stringify(known?.delivery))
        logger.info({ delivery }, 'message delivery learned from the notification service');
      known = { delivery, at: now() };
      failedAt = undefined;
      return delivery;
    } catch (error) {
      // Before a first answer this is the start-up wait for the notification service (info); a
      // service that answered and stopped is a warning. Either is said once, not per page.
      const reason = error instanceof Error ? (error.cause ?? error).toString() : String(error);
      if (failedAt === undefined && known)
        logger.warn(
          { reason },
          'could not ask the notification service where messages go; the last answer stands',
        );
      else if (failedAt === undefined)
        logger.info(
          { reason },
          'the notification service has not said where messages go yet; pages do not say it',
        );
      failedAt = now();
      return known?.delivery;
    } finally {
      asking = undefined;
    }
  };
  const refresh = () => {
    asking ??= ask();
    return asking;
  };

  return async () => {
    const recentFailure = failedAt !== undefined && now() - failedAt < DELIVERY_RETRY_MS;
    if (known) {
      if (now() - known.at >= DELIVERY_TTL_MS && !recentFailure) void refresh();
      return known.delivery;
    }
    return recentFailure ? undefined : refresh();
  };
}
