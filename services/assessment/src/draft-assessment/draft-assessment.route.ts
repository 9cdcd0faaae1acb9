import { createAssessmentEndpoint, type ReportAdviser } from '@risk-profile/contracts';
import { HttpError } from '@risk-profile/platform';
import type { Express } from 'express';
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
  { store, advisers, clock, onStored }: AssessmentRouteDeps,
): void {
  app.post(createAssessmentEndpoint.path, async (req, res) => {
    const body = parseDraftBody(req.body);
    // Only an existing adviser, so nobody can make the product send an adviser made-up reports.
    // The adviser's details go into the draft: the signed report is sent to that address.
    let adviser: ReportAdviser | null = null;
    if (body.adviserSlug !== null) {
      adviser = await advisers.find(body.adviserSlug).catch(() => {
        throw new HttpError(503, ADVISER_CHECK_UNAVAILABLE, 'ADVISER_CHECK_UNAVAILABLE');
      });
      if (!adviser) throw new HttpError(422, UNKNOWN_ADVISER_MESSAGE, 'UNKNOWN_ADVISER');
    }
    const state = await draftAssessment(store, body, adviser, {
      now: clock(),
      correlationId: res.locals.requestId as string,
    }).catch((error: unknown) => {
      throw toAssessmentHttpError(error);
    });
    onStored();
    res.status(201).json(toAssessmentResponse(state));
  });
}
