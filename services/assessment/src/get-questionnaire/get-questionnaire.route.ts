import { getQuestionnaireEndpoint, questionnaireBody } from '@risk-profile/contracts';
import type { Express } from 'express';
import type { AssessmentRouteDeps } from '../http/route-deps';

/**
 * The questionnaire clients answer now, public like the page. It changes only with the service's
 * configuration, so the body is built once; browsers may keep it for a minute, no longer, so a
 * page loaded after a new version went live asks for the new one.
 */
export function mountGetQuestionnaire(app: Express, { questionnaire }: AssessmentRouteDeps): void {
  const body = questionnaireBody(questionnaire);
  app.get(getQuestionnaireEndpoint.path, (_req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=60');
    res.status(200).json(body);
  });
}
