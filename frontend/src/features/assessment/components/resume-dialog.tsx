import { QUESTION_COUNT } from '@risk-profile/contracts';
import { useRef } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { useDates } from '../../../lib/time-zone';
import type { SavedProgress } from '../model/saved-progress';
import { STEP_LABELS } from '../model/steps';

export function ResumeDialog({
  saved,
  onContinue,
  onStartOver,
}: {
  saved: SavedProgress | null;
  onContinue: () => void;
  onStartOver: () => void;
}) {
  const answered = saved ? Object.keys(saved.responses).length : 0;
  // The firm's zone, named, as on every page and in the report: never the device's own.
  const dates = useDates();
  // Enter on open must keep the client's work, never throw it away.
  const continueRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      open={saved !== null}
      onOpenChange={(open) => {
        if (!open) onStartOver();
      }}
      modal="blocking"
      title="Continue where you left off?"
      description={
        saved
          ? `You have an unfinished Risk Profile for ${saved.client.name || 'you'}, saved ${dates.short(saved.savedAt)} at the ${STEP_LABELS[saved.step]} step (${answered} of ${QUESTION_COUNT} questions answered).`
          : undefined
      }
      testId="resume-dialog"
      initialFocus={continueRef}
      footer={
        <>
          <Button variant="outline" onClick={onStartOver}>
            Start over
          </Button>
          <Button ref={continueRef} onClick={onContinue}>
            Continue
          </Button>
        </>
      }
    />
  );
}
