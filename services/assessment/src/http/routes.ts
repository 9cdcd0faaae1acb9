import type { Express } from 'express';
import { mountDraftAssessment } from '../draft-assessment/draft-assessment.route';
import { mountSignAssessment } from '../sign-assessment/sign-assessment.route';
import type { AssessmentRouteDeps } from './route-deps';

/** Only the two writes the product needs: there is deliberately no read of one assessment. */
export function mountAssessmentRoutes(app: Express, deps: AssessmentRouteDeps): void {
  mountDraftAssessment(app, deps);
  mountSignAssessment(app, deps);
}
