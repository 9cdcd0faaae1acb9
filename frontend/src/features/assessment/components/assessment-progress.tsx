import { QUESTION_COUNT, RESPONSE_KEYS, type Responses } from '@risk-profile/contracts';
import { ItemProgress, ProgressHeader } from '../../../components/ui/progress-header';
import { MARKER_TEXT, questionMarkers } from '../model/question-markers';
import { STEP_LABELS, STEPS, type Step, stepIndex } from '../model/steps';

const STEP_NAMES = STEPS.map((step) => STEP_LABELS[step]);

export function AssessmentProgress({
  step,
  responses,
  currentQuestionIndex,
}: {
  step: Step;
  responses: Responses;
  currentQuestionIndex: number;
}) {
  const answered = RESPONSE_KEYS.filter((key) => responses[key] !== undefined).length;
  return (
    <ProgressHeader steps={STEP_NAMES} currentStep={stepIndex(step)}>
      {step === 'questionnaire' ? (
        <ItemProgress
          items={questionMarkers(responses, currentQuestionIndex)}
          completed={answered}
          caption={`${answered} of ${QUESTION_COUNT} questions completed`}
          itemLabel={(index, state) => `Question ${index + 1}: ${MARKER_TEXT[state]}`}
        />
      ) : null}
    </ProgressHeader>
  );
}
