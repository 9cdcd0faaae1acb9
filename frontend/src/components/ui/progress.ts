export type MarkerState = 'done' | 'current' | 'upcoming';

/** Percent complete when `stepIndex` (0-based) is the current step: current step / total steps. */
export function stepPercent(stepIndex: number, totalSteps: number): number {
  if (totalSteps <= 0) return 0;
  return Math.round(((stepIndex + 1) / totalSteps) * 100);
}

export function markerState(index: number, currentIndex: number): MarkerState {
  if (index < currentIndex) return 'done';
  return index === currentIndex ? 'current' : 'upcoming';
}

export type ItemMarkerState = 'completed' | 'current' | 'pending';
