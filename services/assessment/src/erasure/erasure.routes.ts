import {
  dataSubjectKey,
  eraseSubjectEndpoint,
  erasureAuditEndpoint,
  NO_MATCHING_ASSESSMENTS_MESSAGE,
} from '@risk-profile/contracts';
import {
  HttpError,
  parseBody,
  parseQuery,
  requireAccess,
  type SessionVerifier,
  sessionUserOf,
} from '@risk-profile/platform';
import type { Express } from 'express';
import type { AssessmentEraser } from '../data-protection/eraser';
import type { ErasureAudit } from '../data-protection/erasure-audit';

export interface ErasureRouteDeps {
  sessions: SessionVerifier;
  eraser: AssessmentEraser;
  audit: ErasureAudit;
  clock: () => Date;
}

export const BAD_AUDIT_CURSOR_MESSAGE = 'This page of the erasure audit does not exist.';

/**
 * An administrator erases a client's data on request, and reads the audit of every erasure and
 * refusal. Erasures run one request at a time in this process: each ends by rewriting the key
 * table, and two rewrites at once would only queue on its lock.
 */
export function mountErasureRoutes(app: Express, deps: ErasureRouteDeps): void {
  const admin = requireAccess(deps.sessions, 'admin');
  let queue: Promise<unknown> = Promise.resolve();

  app.post(eraseSubjectEndpoint.path, admin, async (req, res) => {
    const subject = parseBody(eraseSubjectEndpoint, req.body);
    const actor = sessionUserOf(req).email;
    const run = queue.then(() => deps.eraser.eraseSubject(dataSubjectKey(subject), actor, deps.clock()));
    queue = run.catch(() => {});
    const items = await run;
    if (items === undefined) throw new HttpError(404, NO_MATCHING_ASSESSMENTS_MESSAGE, 'NOT_FOUND');
    res.json({ items });
  });

  app.get(erasureAuditEndpoint.path, admin, async (req, res) => {
    const query = parseQuery(erasureAuditEndpoint, req.query);
    if (query.cursor !== undefined && !/^\d{1,18}$/.test(query.cursor)) {
      throw new HttpError(400, BAD_AUDIT_CURSOR_MESSAGE, 'BAD_REQUEST');
    }
    res.json(await deps.audit.list({ cursor: query.cursor, limit: query.limit }));
  });
}
