export const STEPS = ['welcome', 'questionnaire', 'results', 'confirmation', 'success'] as const;
export type Step = (typeof STEPS)[number];

export const STEP_LABELS: Readonly<Record<Step, string>> = {
  welcome: 'Welcome',
  questionnaire: 'Assessment',
  results: 'Results',
  confirmation: 'Confirmation',
  success: 'Complete',
};

export function stepIndex(step: Step): number {
  return STEPS.indexOf(step);
}

/** Progress is worth keeping only once the client has started and until they have finished. */
export function isAutosaveStep(step: Step): boolean {
  return step !== 'welcome' && step !== 'success';
}
