import { createAssessmentEndpoint } from '@risk-profile/contracts';
import type { Express } from 'express';
import { toAssessmentHttpError } from '../http/assessment-http-errors';
import type { AssessmentRouteDeps } from '../http/route-deps';
import { toAssessmentResponse } from '../http/to-assessment-response';
import { draftAssessment } from './draft-assessment.handler';
import { parseDraftBody } from './parse-draft-body';

export function mountDraftAssessment(app: Express, { store, clock, onStored }: AssessmentRouteDeps): void {
  app.post(createAssessmentEndpoint.path, async (req, res) => {
    const body = parseDraftBody(req.body);
    const state = await draftAssessment(store, body, {
      now: clock(),
      correlationId: res.locals.requestId as string,
    }).catch((error: unknown) => {
      throw toAssessmentHttpError(error);
    });
    onStored();
    res.status(201).json(toAssessmentResponse(state));
  });
}
