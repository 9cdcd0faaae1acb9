import { randomUUID } from 'node:crypto';
import {
  type DraftAssessment as DraftAssessmentBody,
  type QuestionnaireVersion,
  questionnaireVersion,
  type ReportAdviser,
} from '@risk-profile/contracts';
import type { EventStore } from '@risk-profile/platform';
import { runAssessmentCommand } from '../application/assessment-stream';
import type { CommandContext } from '../application/command-context';
import type { DraftAssessment } from '../domain/assessment.decider';
import type { AssessmentState } from '../domain/assessment.state';

/**
 * Creates a new assessment stream from a validated request body, scored by the service's current
 * `questionnaire` (QUESTIONNAIRE_VERSION; this build's by default); returns the draft.
 */
export async function draftAssessment(
  store: EventStore,
  body: DraftAssessmentBody,
  adviser: ReportAdviser | null,
  context: CommandContext,
  questionnaire: QuestionnaireVersion = questionnaireVersion(),
): Promise<AssessmentState> {
  const assessmentId = randomUUID();
  // Every field of the body goes to the domain, except the page's placeholder signature.
  const { signatureData: _placeholder, ...fields } = body;
  const command: DraftAssessment = {
    type: 'DraftAssessment',
    data: { ...fields, assessmentId, adviser, questionnaire, draftedAt: context.now },
  };
  return runAssessmentCommand(store, assessmentId, command, context, true);
}
