import { type ReactNode, useId } from 'react';

export interface RadioOption {
  value: string;
  label: ReactNode;
  /** A short marker shown before the label (the option letter in the questionnaire). */
  marker?: string;
  description?: ReactNode;
  testId?: string;
}

export interface RadioGroupProps {
  value: string | null;
  onValueChange: (value: string) => void;
  options: readonly RadioOption[];
  /** Either a visible label's id or an accessible name. */
  labelledBy?: string;
  label?: string;
  error?: string | null;
  name?: string;
  disabled?: boolean;
  className?: string;
}

/**
 * A list of choices rendered as selectable cards. Native radio inputs: the browser gives them
 * arrow-key selection, form semantics and screen-reader support, including key presses that
 * assistive technology sends instantly (Radix's roving radio group selects on arrow keys only
 * while the key is still down, radix-ui/primitives#4094). Each card is the input's label, so the
 * whole card is the click target.
 */
export function RadioGroup({
  value,
  onValueChange,
  options,
  labelledBy,
  label,
  error,
  name,
  disabled,
  className,
}: RadioGroupProps) {
  const baseId = useId();
  const errorId = `${baseId}-error`;
  return (
    <>
      <div
        role="radiogroup"
        className={['choice-list', className].filter(Boolean).join(' ')}
        aria-labelledby={labelledBy}
        aria-label={labelledBy ? undefined : label}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      >
        {options.map((option) => (
          <label
            className="choice"
            key={option.value}
            data-state={value === option.value ? 'checked' : 'unchecked'}
          >
            <input
              type="radio"
              className="choice__control"
              name={name ?? baseId}
              value={option.value}
              checked={value === option.value}
              onChange={() => onValueChange(option.value)}
              disabled={disabled}
              data-testid={option.testId}
            />
            {option.marker ? (
              <span className="choice__marker" aria-hidden="true">
                {option.marker}
              </span>
            ) : null}
            <span className="choice__text">
              {option.marker ? <span className="visually-hidden">{option.marker}. </span> : null}
              {option.label}
              {option.description ? <span className="choice__description">{option.description}</span> : null}
            </span>
          </label>
        ))}
      </div>
      {error ? (
        <p className="field__error" id={errorId} role="alert">
          {error}
        </p>
      ) : null}
    </>
  );
}
