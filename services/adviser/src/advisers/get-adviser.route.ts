import { type Adviser, adviserSlugSchema, getAdviserEndpoint } from '@risk-profile/contracts';
import { httpError, type SqlExecutor } from '@risk-profile/platform';
import type { Express, Request } from 'express';
import { type AdviserRecord, findAdviserBySlug, reportAdviserOf } from './adviser-repository';

export const ADVISER_NOT_FOUND_MESSAGE = 'Adviser not found.';

/**
 * A malformed or reserved slug can never name an adviser, so it gets the same 404 as an unknown
 * one without touching the database.
 */
async function adviserOf(sql: SqlExecutor, req: Request): Promise<AdviserRecord> {
  const slug = adviserSlugSchema.safeParse(req.params.slug);
  if (!slug.success) throw httpError.notFound(ADVISER_NOT_FOUND_MESSAGE);
  const adviser = await findAdviserBySlug(sql, slug.data);
  if (!adviser) throw httpError.notFound(ADVISER_NOT_FOUND_MESSAGE);
  return adviser;
}

/**
 * The public details of an adviser's page: the banner's names, never the email address. The
 * assessment service asks the internal lookup for where the signed report goes and the firm's
 * licence and disclaimer that the report prints; the gateway
 * routes only contract endpoints, so that one is reachable only inside the deployment.
 */
export function mountGetAdviser(app: Express, sql: SqlExecutor): void {
  app.get(getAdviserEndpoint.path, async (req, res) => {
    const adviser = await adviserOf(sql, req);
    const body: Adviser = {
      slug: adviser.slug,
      companyName: adviser.companyName,
      adviserName: adviser.adviserName,
    };
    res.status(200).json(body);
  });
  app.get('/internal/advisers/:slug', async (req, res) => {
    const adviser = await adviserOf(sql, req);
    res.status(200).json(reportAdviserOf(adviser));
  });
}
