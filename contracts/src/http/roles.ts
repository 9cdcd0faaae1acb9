/*
 * The account roles and what they may reach, as plain data: kept apart from the schemas (auth.ts)
 * so that a page can check a role without loading zod.
 */
export const USER_ROLES = ['adviser', 'admin', 'analyst'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** Whether a user may query the analytics store: the analyst role, or an admin given it. */
export const hasAnalystAccess = (user: { role: UserRole; analystAccess?: boolean }): boolean =>
  user.role === 'analyst' || user.analystAccess === true;
