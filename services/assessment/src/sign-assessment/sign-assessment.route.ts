import { signAssessmentEndpoint } from '@risk-profile/contracts';
import { clientIp, parseBody } from '@risk-profile/platform';
import type { Express } from 'express';
import { isAssessmentId } from '../application/assessment-stream';
import { assessmentErrors } from '../domain/assessment.errors';
import { toAssessmentHttpError } from '../http/assessment-http-errors';
import type { AssessmentRouteDeps } from '../http/route-deps';
import { toAssessmentResponse } from '../http/to-assessment-response';
import { signAssessment } from './sign-assessment.handler';

export const MAX_USER_AGENT_LENGTH = 512;

export function mountSignAssessment(app: Express, { store, clock, onStored }: AssessmentRouteDeps): void {
  app.post(signAssessmentEndpoint.path, async (req, res) => {
    const id = String(req.params.id);
    if (!isAssessmentId(id)) throw toAssessmentHttpError(assessmentErrors.notFound());
    const body = parseBody(signAssessmentEndpoint, req.body);
    const state = await signAssessment(store, id, body, {
      now: clock(),
      correlationId: res.locals.requestId as string,
      ipAddress: clientIp(req),
      userAgent: (req.get('user-agent') ?? '').slice(0, MAX_USER_AGENT_LENGTH),
    }).catch((error: unknown) => {
      throw toAssessmentHttpError(error);
    });
    onStored();
    res.status(200).json(toAssessmentResponse(state));
  });
}
