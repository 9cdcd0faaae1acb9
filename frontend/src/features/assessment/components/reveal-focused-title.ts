import { revealScrollTop } from '../model/reveal-title';

/**
 * Keeps the title of the question that keyboard focus just entered clear of the sticky header. The
 * root's scroll-padding-top already keeps the focused option itself clear of it, but moving up with
 * Shift+Tab or the arrow keys brings an option in at the top with its question's title out of sight
 * above. Runs after the browser's own focus scroll, and only for keyboard focus: a tap or click
 * must not move the page under the pointer.
 */
export function revealFocusedTitle(card: HTMLElement, focused: EventTarget): void {
  if (!(focused instanceof HTMLElement) || !focused.matches(':focus-visible')) return;
  window.requestAnimationFrame(() => {
    const title = card.querySelector<HTMLElement>('.question-card__title');
    if (!title || document.activeElement !== focused) return;
    // A radio's visible extent is its option's card (the input's label).
    const target = (focused.closest('label') ?? focused).getBoundingClientRect();
    const header = document.querySelector('.progress-header')?.getBoundingClientRect();
    const top = revealScrollTop({
      scrollY: window.scrollY,
      headerBottom: header ? Math.max(0, header.bottom) : 0,
      viewportHeight: window.innerHeight,
      titleTop: title.getBoundingClientRect().top,
      focusTop: target.top,
      focusBottom: target.bottom,
    });
    // Always, and instant: a smooth focus scroll still under way stops at a place showing both.
    window.scrollTo({ top, behavior: 'instant' });
  });
}
