import { signAssessmentEndpoint } from '@risk-profile/contracts';
import { clientIp, parseBody, perAddressLimit } from '@risk-profile/platform';
import type { Express, RequestHandler } from 'express';
import type { Store } from 'express-rate-limit';
import { isAssessmentId } from '../application/assessment-stream';
import { assessmentErrors } from '../domain/assessment.errors';
import { toAssessmentHttpError } from '../http/assessment-http-errors';
import type { AssessmentRouteDeps } from '../http/route-deps';
import { toAssessmentResponse } from '../http/to-assessment-response';
import { signAssessment } from './sign-assessment.handler';

export const MAX_USER_AGENT_LENGTH = 512;

export const SIGN_RATE_LIMITED_MESSAGE =
  'Too many assessments have been signed from this address. Please try again later.';

/**
 * At most `perHour` successful signings per client address: a signing sends email, to the
 * adviser and to whatever address the signer typed. A refused signing sends nothing and does not
 * count. The count is kept in `store`, shared by every instance.
 */
function signingsPerAddress({ perHour, store }: { perHour: number; store: Store }): RequestHandler {
  return perAddressLimit({
    limit: perHour,
    windowMs: 60 * 60_000,
    store,
    skipFailedRequests: true,
    message: SIGN_RATE_LIMITED_MESSAGE,
  });
}

export function mountSignAssessment(
  app: Express,
  { store, clock, onStored, signRateLimit, questionnaire }: AssessmentRouteDeps,
): void {
  app.post(signAssessmentEndpoint.path, signingsPerAddress(signRateLimit), async (req, res) => {
    const id = String(req.params.id);
    if (!isAssessmentId(id)) throw toAssessmentHttpError(assessmentErrors.notFound());
    const body = parseBody(signAssessmentEndpoint, req.body);
    const state = await signAssessment(store, id, body, {
      now: clock(),
      correlationId: res.locals.requestId as string,
      ipAddress: clientIp(req),
      userAgent: (req.get('user-agent') ?? '').slice(0, MAX_USER_AGENT_LENGTH),
      questionnaireVersion: questionnaire.version,
    }).catch((error: unknown) => {
      throw toAssessmentHttpError(error);
    });
    onStored();
    res.status(200).json(toAssessmentResponse(state));
  });
}
