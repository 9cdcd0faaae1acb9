import { type ReactNode, type RefObject, useEffect, useRef, useState } from 'react';
import {
  type ItemMarkerState,
  itemPercent,
  type MarkerState,
  markerState,
  nextCompact,
  stepPercent,
} from './progress';

const STATE_TEXT: Record<MarkerState, string> = {
  done: 'completed',
  current: 'current step',
  upcoming: 'not started',
};

export interface ProgressHeaderProps {
  steps: readonly string[];
  currentStep: number;
  /** Extra progress shown under the steps, such as the questionnaire's per-question markers. */
  children?: ReactNode;
}

/** Whether the page is scrolled down far enough for the sticky header to make room for the content. */
function useCompactOnScroll(): boolean {
  const [compact, setCompact] = useState(false);
  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      setCompact((was) => nextCompact(was, window.scrollY));
    };
    const onScroll = () => {
      if (frame === 0) frame = window.requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.cancelAnimationFrame(frame);
    };
  }, []);
  return compact;
}

/**
 * Publishes the header's height as `--sticky-header-height` on the root element, where the root's
 * scroll-padding-top (base.css) uses it: whatever the browser scrolls into view (a focused field,
 * an anchor, scrollIntoView) then stops below the header instead of under it.
 */
function usePublishedHeight(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const root = document.documentElement;
    const publish = () => root.style.setProperty('--sticky-header-height', `${element.offsetHeight}px`);
    const observer = new ResizeObserver(publish);
    observer.observe(element);
    publish();
    return () => {
      observer.disconnect();
      root.style.removeProperty('--sticky-header-height');
    };
  }, [ref]);
}

/**
 * The steps, the percent complete and any extra progress, stuck to the top of the screen. Scrolled
 * down, it turns compact (one line of step dots and the percent, then the extra progress) so that
 * on a phone it keeps under 100 px of the screen.
 */
export function ProgressHeader({ steps, currentStep, children }: ProgressHeaderProps) {
  const percent = stepPercent(currentStep, steps.length);
  const compact = useCompactOnScroll();
  const ref = useRef<HTMLElement>(null);
  usePublishedHeight(ref);
  return (
    <nav
      ref={ref}
      className={compact ? 'progress-header progress-header--compact' : 'progress-header'}
      aria-label="Assessment progress"
    >
      <div className="progress-header__inner">
        <div className="progress-header__summary">
          <span className="progress-header__step">
            Step {currentStep + 1} of {steps.length}: <strong>{steps[currentStep]}</strong>
          </span>
          <span className="progress-header__percent" data-testid="progress-percent">
            {percent}% complete
          </span>
        </div>
        <div
          className="progress-bar"
          role="progressbar"
          aria-label="Assessment progress"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
        >
          <span className="progress-bar__fill" style={{ width: `${percent}%` }} />
        </div>
        <ol className="step-markers">
          {steps.map((label, index) => {
            const state = markerState(index, currentStep);
            return (
              <li
                key={label}
                className={`step-marker step-marker--${state}`}
                aria-current={state === 'current' ? 'step' : undefined}
                data-state={state}
              >
                <span className="step-marker__dot" aria-hidden="true">
                  {state === 'done' ? '✓' : index + 1}
                </span>
                <span className="step-marker__label">{label}</span>
                <span className="visually-hidden"> ({STATE_TEXT[state]})</span>
              </li>
            );
          })}
        </ol>
        {children}
      </div>
    </nav>
  );
}

export interface ItemProgressProps {
  /** One entry per item, in order. */
  items: readonly ItemMarkerState[];
  /** How many items are done; the current item may be done too (an answer being revisited). */
  completed: number;
  /** Visible caption, e.g. "5 of 18 questions completed". */
  caption: string;
  itemLabel: (index: number, state: ItemMarkerState) => string;
  onSelect?: (index: number) => void;
}

/** A bar plus one small marker per item; markers are buttons when the caller lets users jump. */
export function ItemProgress({ items, completed, caption, itemLabel, onSelect }: ItemProgressProps) {
  const percent = itemPercent(completed, items.length);
  return (
    <div className="item-progress">
      <p className="item-progress__caption" data-testid="question-progress">
        {caption}
      </p>
      <div
        className="progress-bar progress-bar--thin"
        role="progressbar"
        aria-label={caption}
        aria-valuemin={0}
        aria-valuemax={items.length}
        aria-valuenow={completed}
      >
        <span className="progress-bar__fill progress-bar__fill--accent" style={{ width: `${percent}%` }} />
      </div>
      {/* The caption and bar already say how far along the client is; the markers are visual only. */}
      <ol className="item-markers" aria-hidden={onSelect ? undefined : true}>
        {items.map((state, index) => {
          const label = itemLabel(index, state);
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: markers are positional and never reorder.
            <li key={index} className={`item-marker item-marker--${state}`} data-state={state}>
              {onSelect ? (
                <button
                  type="button"
                  className="item-marker__button"
                  aria-label={label}
                  onClick={() => onSelect(index)}
                >
                  <span aria-hidden="true">{index + 1}</span>
                </button>
              ) : (
                <span className="item-marker__dot" title={label}>
                  <span className="visually-hidden">{label}</span>
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </div>
  );
}
