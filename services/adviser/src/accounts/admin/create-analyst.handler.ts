import type { createAnalystBodySchema } from '@risk-profile/contracts';
import type { z } from 'zod';
import type { Actor, AdminAccountsDeps } from './admin-deps';
import { inviteAccount } from './invite-account';

/** An analyst account, without a password, and the invitation to set one (as for an adviser). */
export async function createAnalyst(
  deps: AdminAccountsDeps,
  command: { body: z.output<typeof createAnalystBodySchema>; actor: Actor; correlationId: string },
): Promise<{ id: string; email: string }> {
  const { body } = command;
  const { userId } = await inviteAccount(deps, {
    email: body.email,
    name: body.name,
    role: 'analyst',
    companyName: null,
    actor: command.actor,
    correlationId: command.correlationId,
  });
  return { id: userId, email: body.email };
}
