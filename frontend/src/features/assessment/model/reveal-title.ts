/** Room kept between the sticky header (or the screen's bottom edge) and what is revealed, in px. */
export const REVEAL_GAP_PX = 8;

/** Positions in the viewport's pixels, as getBoundingClientRect gives them. */
export interface RevealLayout {
  scrollY: number;
  /** Where the sticky header ends. */
  headerBottom: number;
  viewportHeight: number;
  /** The top of the focused question's title. */
  titleTop: number;
  /** The focused element, inside the question's card below its title. */
  focusTop: number;
  focusBottom: number;
}

/**
 * Where to scroll so that the focused question's title is clear of the sticky header while the
 * focused element stays on screen: the nearest such position, the current one when it already
 * shows both. When a card is too tall to show both (a long question on a small phone), the focused
 * element wins and the scroll only keeps it clear of the header.
 */
export function revealScrollTop(layout: RevealLayout): number {
  const top = layout.headerBottom + REVEAL_GAP_PX;
  const bottom = layout.viewportHeight - REVEAL_GAP_PX;
  // Scrolling down by d moves everything up by d.
  const mostDown = layout.titleTop - top;
  const leastDown = layout.focusBottom - bottom;
  const clamp = (low: number, high: number) => Math.min(Math.max(0, low), high);
  const by = leastDown <= mostDown ? clamp(leastDown, mostDown) : clamp(leastDown, layout.focusTop - top);
  return layout.scrollY + by;
}
