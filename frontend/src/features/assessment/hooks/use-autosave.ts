import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '../../../lib/toast';
import type { AssessmentState } from '../model/assessment-state';
import { autosaveKeyAction } from '../model/autosave-keys';
import { toSavedProgress } from '../model/saved-progress';
import { isAutosaveStep } from '../model/steps';
import { saveProgress } from '../storage/progress-storage';

export const AUTOSAVE_INTERVAL_MS = 10_000;

export interface Autosave {
  enabled: boolean;
  lastSavedAt: Date | null;
  saveNow: () => boolean;
  /** Escape asked whether to turn autosave off; the client has not answered yet. */
  askingToTurnOff: boolean;
  /** The client's answer: only `true` (the dialog's "Turn autosave off" button) turns it off. */
  answerTurnOff: (turnOff: boolean) => void;
}

function aDialogIsOpen(): boolean {
  return document.querySelector('[role="dialog"], [role="alertdialog"]') !== null;
}

function isTextField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (
    target.isContentEditable ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement
  )
    return true;
  return (
    target instanceof HTMLInputElement && !['radio', 'checkbox', 'button', 'submit'].includes(target.type)
  );
}

/**
 * Keeps the client's progress in local storage every 10 seconds while they are between the
 * welcome and success steps. Ctrl/Cmd+S saves at once. Escape turns autosaving back on, but never
 * off by itself: it asks, and only the client's confirmation turns it off (model/autosave-keys.ts).
 */
export function useAutosave(state: AssessmentState, adviserSlug: string | null): Autosave {
  const [enabled, setEnabled] = useState(true);
  const [lastSavedAt, setLastSavedAt] = useState<Date | null>(null);
  const [askingToTurnOff, setAskingToTurnOff] = useState(false);
  const latest = useRef({ state, adviserSlug });
  latest.current = { state, adviserSlug };
  const active = isAutosaveStep(state.step);

  const saveNow = useCallback((): boolean => {
    const now = new Date();
    const progress = toSavedProgress(latest.current.state, latest.current.adviserSlug, now);
    if (!progress || !saveProgress(progress)) return false;
    setLastSavedAt(now);
    return true;
  }, []);

  // Between ticks the client can leave: closing or reloading the page (pagehide), switching away on
  // a phone, which may never come back to fire pagehide (visibilitychange), or following an in-app
  // link such as the footer's, which unmounts the screen without unloading the page (cleanup).
  // Each saves what the next tick would have, so no answer waits on the 10-second interval.
  useEffect(() => {
    if (!enabled || !active) return;
    const timer = window.setInterval(saveNow, AUTOSAVE_INTERVAL_MS);
    const onPageHide = () => saveNow();
    const onVisibilityChange = () => {
      if (document.visibilityState === 'hidden') saveNow();
    };
    window.addEventListener('pagehide', onPageHide);
    document.addEventListener('visibilitychange', onVisibilityChange);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('pagehide', onPageHide);
      document.removeEventListener('visibilitychange', onVisibilityChange);
    };
  }, [enabled, active, saveNow]);

  const keepOnLeave = useRef({ enabled, active });
  keepOnLeave.current = { enabled, active };
  useEffect(
    () => () => {
      if (keepOnLeave.current.enabled && keepOnLeave.current.active) saveNow();
    },
    [saveNow],
  );

  // A step change (a draft created, say) is worth keeping at once rather than up to 10 s later.
  useEffect(() => {
    if (enabled && isAutosaveStep(state.step)) saveNow();
  }, [state.step, enabled, saveNow]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const action = autosaveKeyAction(event, {
        enabled,
        dialogOpen: aDialogIsOpen(),
        inTextField: isTextField(event.target),
      });
      if (action === 'saveNow') {
        event.preventDefault();
        if (!active) {
          toast({
            title: 'Nothing to save yet',
            description: 'Your progress can be saved once you start the assessment.',
          });
        } else if (saveNow()) {
          toast({
            title: 'Progress saved',
            description: 'You can continue later on this device.',
            variant: 'success',
          });
        } else {
          toast({
            title: 'Could not save progress',
            description: 'Your browser did not allow it.',
            variant: 'destructive',
          });
        }
      } else if (active && action === 'turnOn') {
        setEnabled(true);
        toast({ title: 'Autosave on', description: 'Your progress is saved every 10 seconds.' });
      } else if (active && action === 'askToTurnOff') {
        setAskingToTurnOff(true);
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [active, enabled, saveNow]);

  const answerTurnOff = useCallback((turnOff: boolean) => {
    setAskingToTurnOff(false);
    if (!turnOff) return;
    setEnabled(false);
    toast({
      title: 'Autosave off',
      description: 'Press Escape to turn it back on, or Ctrl+S to save now.',
    });
  }, []);

  return { enabled, lastSavedAt, saveNow, askingToTurnOff: askingToTurnOff && active, answerTurnOff };
}
