import {
  CURRENT_QUESTIONNAIRE_VERSION,
  questionnaireVersionOf,
  type signAssessmentBodySchema,
} from '@risk-profile/contracts';
import type { EventStore } from '@risk-profile/platform';
import type { z } from 'zod';
import { runAssessmentCommand } from '../application/assessment-stream';
import type { CommandContext } from '../application/command-context';
import { signatureDigest } from '../application/signature-digest';
import { signedCapacity } from '../domain/assessment.capacity';
import type { SignAssessment } from '../domain/assessment.decider';
import { type SigningDetails, signedContent } from '../domain/assessment.signed-content';
import type { AssessmentState } from '../domain/assessment.state';

export interface SignContext extends CommandContext {
  ipAddress: string;
  userAgent: string;
  /** The service's current questionnaire version (this build's by default): a signing for any other is refused. */
  questionnaireVersion?: number;
}

/**
 * Signs a draft. The digest needs the draft's content, so the command is built from the state the
 * handler has just read; a concurrent sign in between makes the append fail rather than sign twice.
 */
export async function signAssessment(
  store: EventStore,
  assessmentId: string,
  body: z.output<typeof signAssessmentBodySchema>,
  context: SignContext,
): Promise<AssessmentState> {
  const signing: SigningDetails = {
    investmentExclusions: body.investmentExclusions,
    investmentPreferences: body.investmentPreferences,
    signedAt: context.now,
    ipAddress: context.ipAddress,
    userAgent: context.userAgent,
  };
  const capacityAcknowledged = body.capacityAcknowledged === true;
  const command = (state: AssessmentState): SignAssessment => ({
    type: 'SignAssessment',
    data: {
      assessmentId,
      ...signing,
      confirmed: body.confirmed,
      capacityAcknowledged,
      questionnaireVersion: questionnaireVersionOf(body),
      currentQuestionnaireVersion: context.questionnaireVersion ?? CURRENT_QUESTIONNAIRE_VERSION,
      // Only a draft can be signed; for any other state decide refuses before reading the digest.
      // The decider stores the same capacity record, computed by the same pure function.
      digest:
        state.status === 'draft'
          ? signatureDigest(
              signedContent(state.assessment, {
                ...signing,
                capacity: signedCapacity(state.assessment, capacityAcknowledged),
              }),
            )
          : '',
    },
  });
  return runAssessmentCommand(store, assessmentId, command, context);
}
