import type { SqlExecutor } from '@risk-profile/platform';

/*
 * records_erased_links: the links of erased assessments, by id alone. A link's own events come on
 * another topic than the erasure and may arrive after it; whoever reads them asks here first.
 * Every consumer that sees the erasure notes it, so none depends on another group's progress.
 */

export async function rememberErasedLink(tx: SqlExecutor, linkId: string, erasedAt: string): Promise<void> {
  await tx.query(
    'INSERT INTO records_erased_links (link_id, erased_at) VALUES ($1, $2) ON CONFLICT (link_id) DO NOTHING',
    [linkId, erasedAt],
  );
}

export const isLinkErased = async (tx: SqlExecutor, linkId: string): Promise<boolean> =>
  (await tx.query('SELECT 1 FROM records_erased_links WHERE link_id = $1', [linkId])).rows.length > 0;
