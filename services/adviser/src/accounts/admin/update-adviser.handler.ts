import type { AdminAdviser, updateAdviserBodySchema } from '@risk-profile/contracts';
import { httpError } from '@risk-profile/platform';
import type { z } from 'zod';
import {
  type AdviserRecord,
  findAdviserBySlug,
  SlugTakenError,
  updateAdviser as updateAdviserRecord,
} from '../../advisers/adviser-repository';
import { recordAudit } from '../audit';
import { DuplicateEmailError, emailKey, findUserByEmail, listUsers } from '../user-repository';
import { adviserWithAccount } from './account-views';
import type { Actor, AdminAccountsDeps } from './admin-deps';
import { ADVISER_NOT_FOUND_MESSAGE, emailTaken, slugTaken } from './admin-errors';

export interface UpdateAdviser {
  slug: string;
  body: z.output<typeof updateAdviserBodySchema>;
  actor: Actor;
}

/**
 * Changes an adviser's details. The adviser's account follows the email and the name (it is
 * the same person); a new slug keeps the old one resolving.
 */
export async function updateAdviser(
  deps: AdminAccountsDeps,
  { slug, body, actor }: UpdateAdviser,
): Promise<AdminAdviser> {
  const { sql } = deps;
  const current = await findAdviserBySlug(sql, slug);
  if (!current) throw httpError.notFound(ADVISER_NOT_FOUND_MESSAGE);
  const change = Object.fromEntries(
    Object.entries(body).filter(([, value]) => value !== undefined),
  ) as Partial<AdviserRecord>;
  const now = deps.clock();
  const account = (await listUsers(sql)).find((user) => user.adviserId === current.id) ?? null;
  if (change.email && emailKey(change.email) !== emailKey(current.email)) {
    const holder = await findUserByEmail(sql, change.email);
    if (holder && holder.id !== account?.id) throw emailTaken(change.email);
  }
  const updated = await sql
    .transaction(async (tx) => {
      const next = await updateAdviserRecord(tx, current, change, now);
      if (account) {
        const { rows } = await tx.query(
          `UPDATE users SET email = $2, email_key = $3, name = $4, changed_at = $5
           WHERE id = $1 AND NOT EXISTS (SELECT 1 FROM users WHERE email_key = $3 AND id <> $1) RETURNING id`,
          [account.id, next.email, emailKey(next.email), next.adviserName, now],
        );
        if (rows.length === 0) throw new DuplicateEmailError(next.email);
      }
      const changed = Object.keys(change)
        .filter((key) => change[key as keyof AdviserRecord] !== current[key as keyof AdviserRecord])
        .sort();
      await recordAudit(tx, {
        at: now,
        event: 'adviser_updated',
        email: emailKey(next.email),
        userId: account?.id ?? null,
        outcome: 'success',
        detail: `${current.slug}: ${changed.join(', ') || 'no change'}${next.slug !== current.slug ? ` (now ${next.slug})` : ''}`,
        actor,
      });
      return next;
    })
    .catch((error: unknown) => {
      if (error instanceof SlugTakenError) throw slugTaken(error.slug);
      if (error instanceof DuplicateEmailError) throw emailTaken(body.email ?? current.email);
      throw error;
    });
  return adviserWithAccount(deps, updated);
}
