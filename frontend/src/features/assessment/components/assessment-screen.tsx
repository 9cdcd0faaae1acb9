import {
  type AnswerScore,
  capacityRecordOf,
  deriveAssessment,
  deriveCapacity,
  formatMobileNumber,
  isComplete,
  type Question,
  type QuestionNumber,
  responseKey,
  type VerifiedLink,
} from '@risk-profile/contracts';
import {
  Suspense,
  startTransition,
  useCallback,
  useEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
} from 'react';
import { useCurrentUser } from '../../../lib/auth';
import { forgetVisit, readVisit, rememberVisitAdviser, rememberVisitClient } from '../../../lib/client-visit';
import { appConfig } from '../../../lib/env';
import { forgetArrivalLink } from '../../../lib/link-arrival';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useAdviserAttribution } from '../hooks/use-adviser-attribution';
import { useAssessmentSubmission } from '../hooks/use-assessment-submission';
import { useAutosave } from '../hooks/use-autosave';
import { useLinkToken } from '../hooks/use-link-token';
import { useQuestionAnalytics } from '../hooks/use-question-analytics';
import { type AssessmentEvent, assessmentReducer, initialAssessmentState } from '../model/assessment-state';
import { fromSavedProgress, type SavedProgress } from '../model/saved-progress';
import { isAutosaveStep, STEP_LABELS } from '../model/steps';
import { clearProgress, loadProgress } from '../storage/progress-storage';
import '../assessment.css';
import { Spinner } from '../../../components/ui/spinner';
import { reportOnSigning } from '../model/report-recipients';
import { AdviserBanner } from './adviser-banner';
import { AssessmentProgress } from './assessment-progress';
import {
  LazyAutosaveStatus,
  LazyConfirmationStep,
  LazyQuestionnaireStep,
  LazyResultsStep,
  LazyResumeDialog,
  LazySuccessStep,
  preloadSteps,
} from './lazy-steps';
import { WelcomeStep } from './welcome-step';

export interface AssessmentScreenProps {
  /** The adviser named by the page address, if any. */
  adviserSlug?: string | null;
}

/** The client's journey: welcome, questionnaire, results, confirmation and success. */
export function AssessmentScreen({ adviserSlug: routeSlug = null }: AssessmentScreenProps) {
  // What the client arrived with survives a visit to another page of the site (see client-visit).
  const [visit] = useState(readVisit);
  const [state, dispatch] = useReducer(assessmentReducer, visit.client, (client) =>
    client ? { ...initialAssessmentState, client } : initialAssessmentState,
  );
  const visitHasClient = useRef(visit.client !== null);
  const [resume, setResume] = useState<SavedProgress | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const previousStep = useRef(state.step);
  const currentStep = useRef(state.step);
  currentStep.current = state.step;

  // Later steps load lazily; moving between steps as a transition keeps the current step on screen
  // until the next one is ready instead of flashing a loading state.
  const changeStep = useCallback((event: AssessmentEvent) => startTransition(() => dispatch(event)), []);

  const attribution = useAdviserAttribution(routeSlug, visit.adviserSlug);
  const { slug, lookup, adviser } = attribution;

  // Edits to the details a link filled in are what the client wants back after reading another page.
  useEffect(() => {
    if (state.step === 'welcome' && visitHasClient.current) rememberVisitClient(state.client);
  }, [state.step, state.client]);

  const { data: user } = useCurrentUser();
  const analytics = useQuestionAnalytics();
  const autosave = useAutosave(state, slug);
  useDocumentTitle(STEP_LABELS[state.step]);

  const derived = useMemo(
    () => (isComplete(state.responses) ? deriveAssessment(state.responses) : null),
    [state.responses],
  );
  const capacity = useMemo(
    () => (isComplete(state.responses) ? deriveCapacity(state.responses) : null),
    [state.responses],
  );
  const { createDraft, sign, submitDraft, signAssessment } = useAssessmentSubmission({
    state,
    derived,
    adviser,
    slug,
    analytics,
    onAttributed: attribution.fromDraft,
    changeStep,
  });

  useEffect(() => {
    let mounted = true;
    loadProgress()
      .then((saved) => {
        // The check may first download its schema: offer the progress only if the client has not started since.
        if (mounted && currentStep.current === 'welcome') setResume(saved);
      })
      .catch((error: unknown) => console.warn('Could not check saved progress', error));
    const cancelPreload = preloadSteps();
    return () => {
      mounted = false;
      cancelPreload();
    };
  }, []);

  useLinkToken((link: VerifiedLink) => {
    const details = {
      name: link.name,
      email: link.email ?? '',
      phone: link.phone ? formatMobileNumber(link.phone) : '',
    };
    dispatch({ type: 'clientPrefilled', details });
    rememberVisitClient(details);
    visitHasClient.current = true;
    if (link.adviserSlug) {
      attribution.fromLink(link.adviserSlug);
      rememberVisitAdviser(link.adviserSlug);
    }
  });

  // Each step starts at the top with focus on its heading, so screen readers announce it.
  useEffect(() => {
    if (previousStep.current === state.step) return;
    previousStep.current = state.step;
    analytics.flush();
    window.scrollTo({ top: 0 });
    headingRef.current?.focus({ preventScroll: true });
  }, [state.step, analytics]);

  // Cleared once the success step is rendered, so that no autosave still holding the unsigned
  // draft can write it back afterwards.
  useEffect(() => {
    if (state.step === 'success') clearProgress();
  }, [state.step]);

  const answer = useCallback(
    (question: QuestionNumber, score: AnswerScore) => {
      dispatch({ type: 'answered', question, score });
      analytics.answered(responseKey(question), score);
    },
    [analytics],
  );
  const focusQuestion = useCallback(
    (question: QuestionNumber) => dispatch({ type: 'questionFocused', question }),
    [],
  );
  const viewed = useCallback((question: Question) => analytics.viewed(question.id), [analytics]);

  const continueSaved = () => {
    if (!resume) return;
    const restored = fromSavedProgress(resume);
    changeStep({ type: 'restored', state: restored });
    if (resume.adviserSlug) attribution.fromSavedProgress(resume.adviserSlug);
    analytics.seed(restored.responses);
    setResume(null);
  };

  const startOver = () => {
    clearProgress();
    setResume(null);
  };

  const startAnother = () => {
    clearProgress();
    analytics.restart();
    createDraft.reset();
    sign.reset();
    forgetVisit();
    forgetArrivalLink();
    visitHasClient.current = false;
    attribution.forget();
    changeStep({ type: 'reset' });
  };

  return (
    <>
      <AssessmentProgress
        step={state.step}
        responses={state.responses}
        currentQuestionIndex={state.currentQuestionIndex}
      />
      <div className="page page--assessment">
        <AdviserBanner lookup={lookup} signed={state.step === 'success'} />
        {state.step === 'welcome' ? (
          <WelcomeStep
            client={state.client}
            onChange={(field, value) => dispatch({ type: 'clientChanged', field, value })}
            onStart={() => changeStep({ type: 'started' })}
            canSendLink={user?.role === 'adviser'}
            attributedTo={user?.role === 'adviser' && slug === null ? user.name : null}
            headingRef={headingRef}
          />
        ) : null}
        {/* Loaded with the later steps (the welcome step keeps no progress), in a boundary of its
            own so that a step still loading never hides it or its open dialog. */}
        {isAutosaveStep(state.step) ? (
          <Suspense fallback={null}>
            <LazyAutosaveStatus autosave={autosave} />
          </Suspense>
        ) : null}
        <Suspense fallback={<Spinner label="Loading..." />}>
          {state.step === 'questionnaire' ? (
            <LazyQuestionnaireStep
              responses={state.responses}
              currentQuestionIndex={state.currentQuestionIndex}
              consistencyIssues={state.consistencyIssues}
              onAnswer={answer}
              onFocusQuestion={focusQuestion}
              onViewed={viewed}
              onComplete={() => changeStep({ type: 'resultsRequested' })}
              headingRef={headingRef}
            />
          ) : null}
          {state.step === 'results' && derived && capacity ? (
            <LazyResultsStep
              derived={derived}
              agreement={state.agreement}
              selectedProfile={state.selectedProfile}
              changeReason={state.changeReason}
              riskAcknowledged={state.riskAcknowledged}
              capacity={capacity}
              capacityAcknowledged={state.capacityAcknowledged}
              pending={createDraft.isPending}
              onAgree={() => {
                dispatch({ type: 'agreementChosen', agreement: 'yes' });
                submitDraft('yes');
              }}
              onKeepRecommended={() => dispatch({ type: 'agreementChosen', agreement: 'yes' })}
              onCapacityAcknowledge={(value) => dispatch({ type: 'capacityAcknowledgedChanged', value })}
              onDisagree={() => dispatch({ type: 'agreementChosen', agreement: 'no' })}
              onSelectProfile={(profile) => dispatch({ type: 'profileSelected', profile })}
              onChangeReason={(value) => dispatch({ type: 'changeReasonChanged', value })}
              onAcknowledge={(value) => dispatch({ type: 'riskAcknowledgedChanged', value })}
              onContinue={() => submitDraft('no')}
              onReview={() => changeStep({ type: 'reviewRequested' })}
              headingRef={headingRef}
            />
          ) : null}
          {state.step === 'confirmation' && state.assessment ? (
            <LazyConfirmationStep
              finalProfile={state.assessment.selectedProfile}
              profileChanged={state.assessment.profileChanged}
              capacity={capacityRecordOf(state.assessment)}
              capacityAcknowledged={state.capacityAcknowledged}
              onCapacityAcknowledge={(value) => dispatch({ type: 'capacityAcknowledgedChanged', value })}
              exclusions={state.exclusions}
              preferences={state.preferences}
              onExclusionsChange={(value) => dispatch({ type: 'exclusionsChanged', value })}
              onPreferencesChange={(value) => dispatch({ type: 'preferencesChanged', value })}
              signing={sign.isPending}
              onSign={signAssessment}
              reportDestination={reportOnSigning(
                state.client.email,
                state.client.phone,
                adviser,
                appConfig.delivery,
              )}
              headingRef={headingRef}
            />
          ) : null}
          {state.step === 'success' ? (
            <LazySuccessStep
              clientEmail={state.client.email}
              clientPhone={state.client.phone}
              adviser={adviser}
              profileName={state.assessment?.selectedProfile ?? ''}
              signedAt={state.signature?.signedAt ?? null}
              onStartAnother={startAnother}
              headingRef={headingRef}
            />
          ) : null}
        </Suspense>
      </div>
      {state.step === 'welcome' && resume ? (
        <Suspense fallback={null}>
          <LazyResumeDialog saved={resume} onContinue={continueSaved} onStartOver={startOver} />
        </Suspense>
      ) : null}
    </>
  );
}
