import { AlertDialog } from 'radix-ui';
import { useRef } from 'react';
import { Button } from '../../../components/ui/button';
import { useDates } from '../../../lib/time-zone';
import type { Autosave } from '../hooks/use-autosave';

/** Shown only on the steps that keep progress (the screen checks `isAutosaveStep` before loading it). */
export function AutosaveStatus({ autosave }: { autosave: Autosave }) {
  const { enabled, lastSavedAt } = autosave;
  // The firm's zone, named, as every date on the pages: never the device's own.
  const dates = useDates();
  return (
    <>
      <p className="autosave-status" data-testid="autosave-status">
        <span
          className={`autosave-status__dot autosave-status__dot--${enabled ? 'on' : 'off'}`}
          aria-hidden="true"
        />
        <span>
          Autosave {enabled ? 'on' : 'off'}
          {lastSavedAt ? ` · Last saved ${dates.time(lastSavedAt.toISOString())}` : ''}
        </span>
        {/* Keyboard shortcuts: hidden on phones and touch screens (assessment.css). */}
        <span className="autosave-status__keys">
          <kbd>Ctrl</kbd>+<kbd>S</kbd> to save now · <kbd>Esc</kbd> to turn autosave {enabled ? 'off' : 'on'}
        </span>
      </p>
      <TurnOffDialog open={autosave.askingToTurnOff} onAnswer={autosave.answerTurnOff} />
    </>
  );
}

/** Escape only asks: closing this (Escape, Keep autosave on) keeps autosave on. */
function TurnOffDialog({ open, onAnswer }: { open: boolean; onAnswer: (turnOff: boolean) => void }) {
  const keepRef = useRef<HTMLButtonElement>(null);
  return (
    <AlertDialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next) onAnswer(false);
      }}
    >
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="dialog__overlay" />
        <AlertDialog.Content
          className="dialog"
          data-testid="autosave-off-dialog"
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            keepRef.current?.focus();
          }}
        >
          <AlertDialog.Title className="dialog__title">Turn off autosave?</AlertDialog.Title>
          <AlertDialog.Description className="dialog__description">
            Your answers are saved on this device every 10 seconds and when you leave the page. With autosave
            off, answers you have not saved with Ctrl+S are lost if you close or reload the page.
          </AlertDialog.Description>
          <div className="dialog__footer">
            <AlertDialog.Action asChild>
              <Button variant="outline" onClick={() => onAnswer(true)}>
                Turn autosave off
              </Button>
            </AlertDialog.Action>
            <AlertDialog.Cancel asChild>
              <Button ref={keepRef}>Keep autosave on</Button>
            </AlertDialog.Cancel>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
