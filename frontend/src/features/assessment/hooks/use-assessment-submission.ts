import {
  type Adviser,
  CURRENT_QUESTIONNAIRE_VERSION,
  type DerivedAssessment,
  MESSAGES,
} from '@risk-profile/contracts';
import { failureMessage } from '../../../lib/api-client';
import { arrivalLinkId } from '../../../lib/link-arrival';
import { toast } from '../../../lib/toast';
import { useCreateAssessment } from '../api/create-assessment';
import { useSignAssessment } from '../api/sign-assessment';
import type { Agreement, AssessmentEvent, AssessmentState } from '../model/assessment-state';
import { buildDraftBody } from '../model/draft-body';
import type { QuestionAnalytics } from './use-question-analytics';

/**
 * The two writes of the journey: the draft when the client settles on a profile, the signature on
 * the confirmation step; each moves to the next step once the service has it, or says why not.
 */
export function useAssessmentSubmission({
  state,
  derived,
  adviser,
  slug,
  analytics,
  onAttributed,
  changeStep,
}: {
  state: AssessmentState;
  derived: DerivedAssessment | null;
  adviser: Adviser | null;
  slug: string | null;
  analytics: QuestionAnalytics;
  /** The adviser the service attributed the draft to (in person), when no slug named one. */
  onAttributed: (slug: string) => void;
  changeStep: (event: AssessmentEvent) => void;
}) {
  const createDraft = useCreateAssessment();
  const sign = useSignAssessment();

  const submitDraft = (agreement: Agreement) => {
    if (!derived || createDraft.isPending) return;
    const body = buildDraftBody(
      { ...state, agreement },
      {
        derived,
        adviserSlug: adviser?.slug ?? null,
        linkId: arrivalLinkId(),
        sessionId: analytics.sessionId(),
        deviceType: analytics.deviceType(),
        now: Date.now(),
      },
    );
    createDraft.mutate(body, {
      onSuccess: (assessment) => {
        // The service may have attributed it (in person): the next screens name that adviser.
        if (slug === null && assessment.adviserSlug) onAttributed(assessment.adviserSlug);
        changeStep({ type: 'draftCreated', assessment });
      },
      onError: (error) =>
        toast({
          title: MESSAGES.draftCreationFailed,
          description: failureMessage(error),
          variant: 'destructive',
        }),
    });
  };

  const signAssessment = () => {
    const draft = state.assessment;
    if (!draft || sign.isPending) return;
    sign.mutate(
      {
        id: draft.id,
        body: {
          investmentExclusions: state.exclusions,
          investmentPreferences: state.preferences,
          confirmed: true,
          capacityAcknowledged: state.capacityAcknowledged,
          questionnaireVersion: CURRENT_QUESTIONNAIRE_VERSION,
        },
      },
      {
        onSuccess: (assessment) => changeStep({ type: 'signed', assessment }),
        onError: (error) =>
          toast({ title: 'Signing Failed', description: failureMessage(error), variant: 'destructive' }),
      },
    );
  };

  return { createDraft, sign, submitDraft, signAssessment };
}
