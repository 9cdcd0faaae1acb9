import { type Adviser, adviserSlugSchema, getAdviserEndpoint } from '@risk-profile/contracts';
import { httpError, type SqlExecutor } from '@risk-profile/platform';
import type { Express } from 'express';
import { findAdviserBySlug } from './adviser-repository';

export const ADVISER_NOT_FOUND_MESSAGE = 'Adviser not found.';

/**
 * The public details of an adviser's page: the banner's names, and the business address the
 * signed report is emailed to (the client is told where it goes).
 * A malformed or reserved slug can never name an adviser, so it gets the same 404 as an unknown one without touching the database.
 */
export function mountGetAdviser(app: Express, sql: SqlExecutor): void {
  app.get(getAdviserEndpoint.path, async (req, res) => {
    const slug = adviserSlugSchema.safeParse(req.params.slug);
    if (!slug.success) throw httpError.notFound(ADVISER_NOT_FOUND_MESSAGE);
    const adviser = await findAdviserBySlug(sql, slug.data);
    if (!adviser) throw httpError.notFound(ADVISER_NOT_FOUND_MESSAGE);
    const body: Adviser = {
      slug: adviser.slug,
      companyName: adviser.companyName,
      adviserName: adviser.adviserName,
      email: adviser.email,
    };
    res.status(200).json(body);
  });
}
