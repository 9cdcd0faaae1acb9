import { listAdminAccounts, listAdminAdvisers } from './admin/account-views';
import type { AdminAccountsDeps } from './admin/admin-deps';
import { createAdviser } from './admin/create-adviser.handler';
import { createAnalyst } from './admin/create-analyst.handler';
import { resetPassword } from './admin/reset-password.handler';
import { resetSecondFactor } from './admin/reset-second-factor.handler';
import { setAnalystAccess } from './admin/set-analyst-access.handler';
import { setDisabled } from './admin/set-disabled.handler';
import { updateAdviser } from './admin/update-adviser.handler';
import { setPassword } from './set-password/set-password.handler';

/**
 * The administrator's operations on advisers and accounts, and the holder's set-password, bound
 * to what they run on. Each use case is a file of its own (admin/, set-password/).
 */
export function adminAccounts(deps: AdminAccountsDeps) {
  const bind =
    <C, R>(useCase: (deps: AdminAccountsDeps, command: C) => Promise<R>) =>
    (command: C) =>
      useCase(deps, command);
  return {
    listAdvisers: () => listAdminAdvisers(deps),
    listAccounts: () => listAdminAccounts(deps),
    createAdviser: bind(createAdviser),
    createAnalyst: bind(createAnalyst),
    setAnalystAccess: bind(setAnalystAccess),
    updateAdviser: bind(updateAdviser),
    setDisabled: bind(setDisabled),
    resetPassword: bind(resetPassword),
    resetSecondFactor: bind(resetSecondFactor),
    setPassword: bind(setPassword),
  };
}

export type AdminAccounts = ReturnType<typeof adminAccounts>;
