import { ASSESSMENT_LIFECYCLE_TOPIC, parseIntegrationEvent } from '@risk-profile/contracts';
import {
  type BusMessage,
  type PlatformDeps,
  rewriteErasedTables,
  runOnce,
  type Subscription,
} from '@risk-profile/platform';

export const LINK_ERASURE_CONSUMER = 'adviser-link-erasure';

/** The link of an erased assessment, when it came by one. */
function erasedLinkOf(message: BusMessage): string | undefined {
  const event = parseIntegrationEvent(message.topic, message.value);
  return event.type === 'AssessmentErased' && event.data.linkId !== null ? event.data.linkId : undefined;
}

/**
 * Forgets the short link of an erased client's assessment (docs/records.md, "Retention and
 * erasure"): its row holds the sealed token, which carries the client's name and contact. Each
 * erasure once (runOnce); then the table is rewritten so that the deleted row's bytes leave its
 * file (VACUUM FULL locks the small table for the moment it takes).
 */
export function subscribeLinkErasure(
  deps: Pick<PlatformDeps, 'sql' | 'bus' | 'logger'>,
): Promise<Subscription> {
  return deps.bus.subscribe({
    groupId: LINK_ERASURE_CONSUMER,
    topics: [ASSESSMENT_LIFECYCLE_TOPIC],
    handler: async (message) => {
      const linkId = erasedLinkOf(message);
      if (linkId === undefined) return;
      let deleted = 0;
      await runOnce(deps.sql, LINK_ERASURE_CONSUMER, message.id, async (tx) => {
        ({ rowCount: deleted } = await tx.query('DELETE FROM questionnaire_short_links WHERE link_id = $1', [
          linkId,
        ]));
      });
      if (deleted === 0) return;
      await rewriteErasedTables(deps.sql, ['questionnaire_short_links']);
      deps.logger.info({ linkId }, 'short link of an erased assessment deleted');
    },
  });
}
