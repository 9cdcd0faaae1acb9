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

/** How full an item bar is: done items over all items, so the bar is full when the count is. */
export function itemPercent(completed: number, total: number): number {
  if (total <= 0) return 0;
  return Math.round((Math.min(Math.max(completed, 0), total) / total) * 100);
}

/** Scrolled this far down (px), the progress header turns compact... */
export const COMPACT_ENTER_SCROLL = 160;
/** ...and back near the top it opens out again. */
export const COMPACT_LEAVE_SCROLL = 16;

/**
 * Whether the sticky progress header is compact at this scroll position. The gap between the two
 * thresholds is wider than the height the header gives up (about 110 px): the browser keeps the
 * content in place when the header above it shrinks by scrolling up that much, and a narrower gap
 * would then open the header again at once, and so on back and forth.
 */
export function nextCompact(compact: boolean, scrollY: number): boolean {
  if (compact) return scrollY > COMPACT_LEAVE_SCROLL;
  return scrollY > COMPACT_ENTER_SCROLL;
}
