import { formatTime } from '../model/format';
import { isAutosaveStep, type Step } from '../model/steps';

export function AutosaveStatus({
  step,
  enabled,
  lastSavedAt,
}: {
  step: Step;
  enabled: boolean;
  lastSavedAt: Date | null;
}) {
  if (!isAutosaveStep(step)) return null;
  return (
    <p className="autosave-status" data-testid="autosave-status">
      <span
        className={`autosave-status__dot autosave-status__dot--${enabled ? 'on' : 'off'}`}
        aria-hidden="true"
      />
      <span>
        Autosave {enabled ? 'on' : 'off'}
        {lastSavedAt ? ` · Last saved ${formatTime(lastSavedAt)}` : ''}
      </span>
      <span className="autosave-status__keys">
        <kbd>Ctrl</kbd>+<kbd>S</kbd> to save now · <kbd>Esc</kbd> to turn autosave {enabled ? 'off' : 'on'}
      </span>
    </p>
  );
}
