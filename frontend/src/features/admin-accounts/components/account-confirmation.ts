import type { AdminAccount } from '@risk-profile/contracts';
import type { AccountAction } from '../api/admin-accounts';

// What each action on an account asks before it runs, and says once done.

/** An administrator's analyst access given or taken away, beside the actions every account has. */
type PageAction = AccountAction | 'give-analyst-access' | 'take-analyst-access';

export interface PendingAction {
  account: AdminAccount;
  action: PageAction;
}

export function confirmation({ account, action }: PendingAction) {
  const who = `${account.name} (${account.email})`;
  switch (action) {
    case 'give-analyst-access':
      return {
        title: `Give ${account.name} analyst access?`,
        description: `${who} may then query the analytics store (the query page and /clickhouse). Their sessions end now; the access applies from their next sign-in.`,
        confirmLabel: 'Give analyst access',
        destructive: false,
      };
    case 'take-analyst-access':
      return {
        title: `Take ${account.name}'s analyst access away?`,
        description: `${who} is signed out everywhere at once, and their API tokens and password stop working at /clickhouse.`,
        confirmLabel: 'Take analyst access away',
        destructive: true,
      };
    case 'disable':
      return {
        title: `Disable ${account.name}?`,
        description: `${who} is signed out everywhere at once and cannot sign in until the account is enabled again.`,
        confirmLabel: 'Disable account',
        destructive: true,
      };
    case 'enable':
      return {
        title: `Enable ${account.name}?`,
        description: `${who} can sign in again with their password.`,
        confirmLabel: 'Enable account',
        destructive: false,
      };
    case 'reset-second-factor':
      return {
        title: `Reset the second factor of ${account.name}?`,
        description: `${who} is signed out everywhere at once. Their authenticator app and recovery codes stop working; they sign in with their password and set up an app again where their role requires one. Do this only once you are sure it is them asking (for example, a lost phone).`,
        confirmLabel: 'Reset second factor',
        destructive: true,
      };
    case 'reset-password':
      return account.passwordSet
        ? {
            title: `Reset the password of ${account.name}?`,
            description: `${who} is signed out at once, their current password stops working, and they get an email with a link to choose a new one (it works once, for 72 hours).`,
            confirmLabel: 'Reset and send email',
            destructive: true,
          }
        : {
            title: `Send ${account.name} a new link?`,
            description: `${who} gets a new email with a link to set their password (it works once, for 72 hours). Any earlier link stops working.`,
            confirmLabel: 'Send new link',
            destructive: false,
          };
  }
}

export const doneMessage = (account: AdminAccount, action: PageAction): string =>
  action === 'give-analyst-access'
    ? `${account.name} has analyst access from their next sign-in.`
    : action === 'take-analyst-access'
      ? `${account.name}'s analyst access is taken away and their sessions have ended.`
      : action === 'disable'
        ? `${account.name}'s account is disabled and their sessions have ended.`
        : action === 'enable'
          ? `${account.name}'s account is enabled.`
          : action === 'reset-second-factor'
            ? `${account.name}'s second factor is reset and their sessions have ended.`
            : `A link to set a password is being emailed to ${account.email}.`;
