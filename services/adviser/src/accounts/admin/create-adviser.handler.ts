import type { AdminAdviser, createAdviserBodySchema } from '@risk-profile/contracts';
import type { z } from 'zod';
import { insertAdviser } from '../../advisers/adviser-repository';
import { adviserWithAccount } from './account-views';
import type { Actor, AdminAccountsDeps } from './admin-deps';
import { inviteAccount } from './invite-account';

/** The adviser page and its account, without a password, and the invitation to set one. */
export async function createAdviser(
  deps: AdminAccountsDeps,
  command: { body: z.output<typeof createAdviserBodySchema>; actor: Actor; correlationId: string },
): Promise<AdminAdviser> {
  const { body } = command;
  const { adviser } = await inviteAccount(deps, {
    email: body.email,
    name: body.adviserName,
    role: 'adviser',
    companyName: body.companyName,
    actor: command.actor,
    correlationId: command.correlationId,
    adviserPage: (tx, now) => insertAdviser(tx, body, now),
  });
  return adviserWithAccount(deps, adviser!);
}
