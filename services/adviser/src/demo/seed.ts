import type { SqlExecutor } from '@risk-profile/platform';
import { type AdviserRecord, upsertAdviser } from '../advisers/adviser-repository';

/** The demo adviser (docs/product-rules.md, accounts), so a newcomer can open /demo-adviser straight away. */
export const DEMO_ADVISER = {
  slug: 'demo-adviser',
  adviserName: 'Alex Morgan',
  companyName: 'Harbour Wealth Partners',
  email: 'adviser@example.com',
} as const;

/** Idempotent: run on every start with DEMO_DATA=true; a second run leaves one unchanged adviser. */
export async function seedDemoData(sql: SqlExecutor, now: Date): Promise<AdviserRecord> {
  return upsertAdviser(sql, DEMO_ADVISER, now);
}
