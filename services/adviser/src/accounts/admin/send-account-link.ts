import { randomUUID } from 'node:crypto';
import { SET_PASSWORD_PAGE_PATH } from '@risk-profile/contracts';
import { type AccountInvitationRequested, recordAccountLink } from '../account-links-relay';
import type { AccountLinkKind, NewAccountToken } from '../account-tokens';
import type { UserRecord } from '../user-repository';
import type { AdminAccountsDeps } from './admin-deps';

export interface AccountLink {
  user: Pick<UserRecord, 'id' | 'email' | 'name'>;
  companyName: string | null;
  kind: AccountLinkKind;
  issued: NewAccountToken;
  now: Date;
  correlationId: string;
}

/** Publishes the link (after the transaction that issued its token committed). */
export async function sendAccountLink(
  deps: Pick<AdminAccountsDeps, 'store' | 'publicUrl' | 'onStored'>,
  { user, companyName, kind, issued, now, correlationId }: AccountLink,
): Promise<void> {
  const url = new URL(SET_PASSWORD_PAGE_PATH, deps.publicUrl());
  url.searchParams.set('token', issued.token);
  const data: AccountInvitationRequested['data'] = {
    accountId: user.id,
    kind,
    recipientEmail: user.email,
    recipientName: user.name,
    companyName,
    url: url.toString(),
    expiresAt: issued.expiresAt.toISOString(),
    requestedAt: now.toISOString(),
  };
  await recordAccountLink(deps.store, data, { correlationId, causationId: randomUUID() });
  deps.onStored();
}
