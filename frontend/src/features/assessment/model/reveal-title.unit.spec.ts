import { describe, expect, it } from 'vitest';
import { REVEAL_GAP_PX, type RevealLayout, revealScrollTop } from './reveal-title';

// A 390 x 844 phone with the compact header 88 px tall, scrolled to 2000.
const phone = { scrollY: 2000, headerBottom: 88, viewportHeight: 844 };

describe('revealing the focused question’s title', () => {
  it('stays put when the title and the focused option are both on screen', () => {
    const layout: RevealLayout = { ...phone, titleTop: 120, focusTop: 400, focusBottom: 440 };
    expect(revealScrollTop(layout)).toBe(2000);
  });

  it('scrolls up just far enough when the header covers the title (Shift+Tab into an option)', () => {
    const layout: RevealLayout = { ...phone, titleTop: 20, focusTop: 300, focusBottom: 340 };
    expect(revealScrollTop(layout)).toBe(2000 - (88 + REVEAL_GAP_PX - 20));
  });

  it('scrolls down when the focused option is below the screen and the title can stay in view', () => {
    const layout: RevealLayout = { ...phone, titleTop: 300, focusTop: 830, focusBottom: 870 };
    expect(revealScrollTop(layout)).toBe(2000 + (870 - (844 - REVEAL_GAP_PX)));
  });

  it('keeps the focused option on screen when the card is too tall to show the title with it', () => {
    // The title 800 px above the header, more than the screen holds above the focused option.
    const covered: RevealLayout = { ...phone, titleTop: -720, focusTop: 60, focusBottom: 100 };
    expect(revealScrollTop(covered)).toBe(2000 - (88 + REVEAL_GAP_PX - 60));
    const shown: RevealLayout = { ...phone, titleTop: -720, focusTop: 400, focusBottom: 440 };
    expect(revealScrollTop(shown)).toBe(2000);
  });
});
