import type { SqlExecutor } from '@risk-profile/platform';
import { AccountError, type AccountManager, type NewAccount } from '../accounts/manage-accounts';
import { findUserByEmail } from '../accounts/user-repository';
import { type AdviserRecord, upsertAdviser } from '../advisers/adviser-repository';

/** The demo adviser (docs/product-rules.md, accounts), so a newcomer can open /demo-adviser straight away. */
export const DEMO_ADVISER = {
  slug: 'demo-adviser',
  adviserName: 'Alex Morgan',
  companyName: 'Harbour Wealth Partners',
  email: 'adviser@example.com',
  licenceNumber: 'AFSL 000000 (demo)',
  disclaimer:
    'General advice only: this report was prepared without taking into account your objectives, financial situation or needs. Consider whether it is appropriate for you before acting on it.',
} as const;

/** Idempotent: run on every start with DEMO_DATA=true; a second run leaves one unchanged adviser. */
export async function seedDemoData(sql: SqlExecutor, now: Date): Promise<AdviserRecord> {
  return upsertAdviser(sql, DEMO_ADVISER, now);
}

/** The demo accounts (docs/product-rules.md): published passwords, so never seeded in production. */
export const DEMO_ACCOUNTS = [
  { role: 'admin', email: 'admin@example.com', name: 'Demo Administrator', password: 'admin-demo-2026' },
  {
    role: 'adviser',
    email: 'adviser@example.com',
    name: DEMO_ADVISER.adviserName,
    password: 'adviser-demo-2026',
    adviser: {
      slug: DEMO_ADVISER.slug,
      companyName: DEMO_ADVISER.companyName,
      adviserName: DEMO_ADVISER.adviserName,
    },
  },
  /** Queries the analytics store (/clickhouse and the query page); sees no personal data. */
  { role: 'analyst', email: 'analyst@example.com', name: 'Demo Analyst', password: 'analyst-demo-2026' },
] as const satisfies readonly NewAccount[];

/**
 * Creates the demo accounts that do not exist yet (an existing one, perhaps with a changed
 * password, is left as it is). Their short demo passwords skip the strength rule on purpose.
 */
export async function seedDemoAccounts(accounts: AccountManager, sql: SqlExecutor): Promise<void> {
  for (const account of DEMO_ACCOUNTS) {
    if (await findUserByEmail(sql, account.email)) continue;
    await accounts.create(account, { checkStrength: false }).catch((error: unknown) => {
      // Another replica seeding at the same moment created it first.
      if (!(error instanceof AccountError)) throw error;
    });
  }
}
