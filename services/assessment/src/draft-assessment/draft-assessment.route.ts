import { createAssessmentEndpoint, type ReportAdviser } from '@risk-profile/contracts';
import { HttpError, type SessionVerifier } from '@risk-profile/platform';
import type { Express, Request } from 'express';
import { toAssessmentHttpError } from '../http/assessment-http-errors';
import type { AssessmentRouteDeps } from '../http/route-deps';
import { toAssessmentResponse } from '../http/to-assessment-response';
import { draftAssessment } from './draft-assessment.handler';
import { parseDraftBody } from './parse-draft-body';

export const UNKNOWN_ADVISER_MESSAGE =
  'This adviser does not exist. Please check the link from your adviser.';
export const ADVISER_CHECK_UNAVAILABLE =
  'Your adviser could not be confirmed just now, so nothing was saved. Please try again in a moment.';

export function mountDraftAssessment(
  app: Express,
  { store, advisers, clock, sessions, onStored, questionnaire }: AssessmentRouteDeps,
): void {
  app.post(createAssessmentEndpoint.path, async (req, res) => {
    const parsed = parseDraftBody(req.body);
    const inPerson = parsed.adviserSlug === null ? await signedInAdviserSlug(sessions, req) : null;
    const body = inPerson === null ? parsed : { ...parsed, adviserSlug: inPerson };
    // Only an existing adviser, so nobody can make the product send an adviser made-up reports.
    // The adviser's details go into the draft: the signed report is sent to that address.
    let adviser: ReportAdviser | null = null;
    if (body.adviserSlug !== null) {
      adviser = await advisers.find(body.adviserSlug).catch(() => {
        throw new HttpError(503, ADVISER_CHECK_UNAVAILABLE, 'ADVISER_CHECK_UNAVAILABLE');
      });
      if (!adviser) throw new HttpError(422, UNKNOWN_ADVISER_MESSAGE, 'UNKNOWN_ADVISER');
    }
    const context = { now: clock(), correlationId: res.locals.requestId as string };
    const state = await draftAssessment(store, body, adviser, context, questionnaire).catch(
      (error: unknown) => {
        throw toAssessmentHttpError(error);
      },
    );
    onStored();
    res.status(201).json(toAssessmentResponse(state));
  });
}

/**
 * In person: the adviser page a signed-in adviser speaks for, when the page sent none (the
 * questionnaire at `/`). The page's own slug always wins, so an adviser who opens a colleague's
 * page drafts for that colleague, as the client's link says. An administrator's session, or a
 * cookie that is forged, expired or ended, attributes nothing: the questionnaire is public.
 */
async function signedInAdviserSlug(sessions: SessionVerifier, req: Request): Promise<string | null> {
  const user = await sessions.authenticate(req).catch(() => {
    // The session state shares the event store's database: a draft now would likely fail too,
    // and one silently unattributed would send the adviser no report.
    throw new HttpError(503, ADVISER_CHECK_UNAVAILABLE, 'ADVISER_CHECK_UNAVAILABLE');
  });
  // A session limited to setting up a second factor attributes nothing either.
  return user?.role === 'adviser' && !user.mfaSetupOnly ? user.adviserSlug : null;
}
