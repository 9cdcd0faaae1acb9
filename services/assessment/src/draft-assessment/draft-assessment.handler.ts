import { randomUUID } from 'node:crypto';
import type { DraftAssessment as DraftAssessmentBody, ReportAdviser } from '@risk-profile/contracts';
import { type EventStore, handleCommand } from '@risk-profile/platform';
import { assessmentStreamId } from '../application/assessment-stream';
import { type CommandContext, commandMetadata } from '../application/command-context';
import { type DraftAssessment, decide } from '../domain/assessment.decider';
import { type AssessmentState, evolve, initialState } from '../domain/assessment.state';

/** Creates a new assessment stream from a validated request body; returns the draft. */
export async function draftAssessment(
  store: EventStore,
  body: DraftAssessmentBody,
  adviser: ReportAdviser | null,
  context: CommandContext,
): Promise<AssessmentState> {
  const assessmentId = randomUUID();
  const command: DraftAssessment = {
    type: 'DraftAssessment',
    data: {
      assessmentId,
      clientName: body.clientName,
      clientEmail: body.clientEmail,
      clientPhone: body.clientPhone,
      responses: body.responses,
      riskScore: body.riskScore,
      originalProfile: body.originalProfile,
      selectedProfile: body.selectedProfile,
      profileChanged: body.profileChanged,
      profileChangeReason: body.profileChangeReason,
      riskAcknowledged: body.riskAcknowledged,
      consistencyWarnings: body.consistencyWarnings,
      investmentExclusions: body.investmentExclusions,
      investmentPreferences: body.investmentPreferences,
      adviserSlug: body.adviserSlug,
      adviser,
      sessionId: body.sessionId,
      deviceType: body.deviceType,
      draftedAt: context.now,
    },
  };
  const { state } = await handleCommand({
    eventStore: store,
    streamId: assessmentStreamId(assessmentId),
    decide,
    evolve,
    initialState,
    command,
    metadata: commandMetadata(context),
    newStream: true,
  });
  return state;
}
