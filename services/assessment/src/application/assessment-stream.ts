import { type EventStore, handleCommand } from '@risk-profile/platform';
import { type AssessmentCommand, decide } from '../domain/assessment.decider';
import { type AssessmentState, evolve, initialState } from '../domain/assessment.state';
import { type CommandContext, commandMetadata } from './command-context';

/** One stream per assessment; the id is a server-generated UUID. */
export const assessmentStreamId = (assessmentId: string): string => `assessment-${assessmentId}`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Anything else cannot name an assessment, so it is answered as unknown without a read. */
export const isAssessmentId = (value: string): boolean => UUID.test(value);

/**
 * Decides a command on an assessment's stream and appends its events; returns the state after them.
 * `newStream` is for a freshly generated id, whose stream cannot exist yet.
 */
export async function runAssessmentCommand(
  store: EventStore,
  assessmentId: string,
  command: AssessmentCommand | ((state: AssessmentState) => AssessmentCommand),
  context: CommandContext,
  newStream = false,
): Promise<AssessmentState> {
  const { state } = await handleCommand({
    eventStore: store,
    streamId: assessmentStreamId(assessmentId),
    decide,
    evolve,
    initialState,
    command,
    metadata: commandMetadata(context),
    newStream,
  });
  return state;
}
