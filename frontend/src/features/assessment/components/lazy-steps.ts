import { lazy } from 'react';
import { preloadResponseChecks } from '../../../lib/api-client';
import { whenIdle } from '../../../lib/when-idle';

/*
 * Everything after the welcome step loads in its own chunk, so the first screen of the client's
 * journey needs as little JavaScript as possible. The chunks are fetched while the client reads
 * the welcome step (see preloadSteps), so moving on never waits on the network in practice.
 */
const loaders = {
  questionnaire: () => import('./questionnaire-step'),
  results: () => import('./results-step'),
  confirmation: () => import('./confirmation-step'),
  success: () => import('./success-step'),
  resume: () => import('./resume-dialog'),
  // Shown from the questionnaire on; its dialog and the firm's zone are not needed before.
  autosave: () => import('./autosave-status'),
  sendLink: () => import('../../../components/send-link/send-link-dialog'),
};

export const LazyQuestionnaireStep = lazy(() =>
  loaders.questionnaire().then((m) => ({ default: m.QuestionnaireStep })),
);
export const LazyResultsStep = lazy(() => loaders.results().then((m) => ({ default: m.ResultsStep })));
export const LazyConfirmationStep = lazy(() =>
  loaders.confirmation().then((m) => ({ default: m.ConfirmationStep })),
);
export const LazySuccessStep = lazy(() => loaders.success().then((m) => ({ default: m.SuccessStep })));
export const LazyAutosaveStatus = lazy(() => loaders.autosave().then((m) => ({ default: m.AutosaveStatus })));
export const LazyResumeDialog = lazy(() => loaders.resume().then((m) => ({ default: m.ResumeDialog })));
export const LazySendLinkDialog = lazy(() => loaders.sendLink().then((m) => ({ default: m.SendLinkDialog })));

/**
 * Fetches the later steps once the browser is idle, and the response checks that creating and
 * signing the draft will need, so that no answer from the server has to wait for a download.
 */
export function preloadSteps(): () => void {
  const load = () => {
    for (const loader of [
      loaders.questionnaire,
      loaders.results,
      loaders.confirmation,
      loaders.success,
      loaders.autosave,
      preloadResponseChecks,
    ]) {
      loader().catch((error: unknown) => console.warn('Could not preload a step', error));
    }
  };
  return whenIdle(load);
}
