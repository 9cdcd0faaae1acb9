import type { UserRole } from '@risk-profile/contracts';
import type { SqlExecutor } from '@risk-profile/platform';
import { secondFactorsOf } from '../passkeys/passkey-store';
import type { UserRecord } from '../user-repository';

export const PASSWORD_ALONE_REFUSED_MESSAGE =
  'This account signs in with two-step sign-in, so its password alone does not open /clickhouse. Connect your tools with an API token (Query page, API tokens).';

/**
 * Whether a password alone must not admit the account where no second step can be asked (the
 * /clickhouse credential check): it has a second factor, or its role must have one.
 */
export async function needsSecondFactor(
  sql: SqlExecutor,
  requiredRoles: ReadonlySet<UserRole>,
  user: Pick<UserRecord, 'id' | 'role'>,
): Promise<boolean> {
  return requiredRoles.has(user.role) || (await secondFactorsOf(sql, user.id)).length > 0;
}
