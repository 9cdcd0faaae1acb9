import type { Express } from 'express';
import { mountDraftAssessment } from '../draft-assessment/draft-assessment.route';
import { mountGetQuestionnaire } from '../get-questionnaire/get-questionnaire.route';
import { mountSignAssessment } from '../sign-assessment/sign-assessment.route';
import type { AssessmentRouteDeps } from './route-deps';

/**
 * The two writes the product needs and the questionnaire they are answered against: there is
 * deliberately no read of one assessment.
 */
export function mountAssessmentRoutes(app: Express, deps: AssessmentRouteDeps): void {
  mountGetQuestionnaire(app, deps);
  mountDraftAssessment(app, deps);
  mountSignAssessment(app, deps);
}
