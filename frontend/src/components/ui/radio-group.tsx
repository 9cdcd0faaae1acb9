import { RadioGroup as RadixRadioGroup } from 'radix-ui';
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

/** A list of choices rendered as selectable cards; arrow keys move between them (Radix). */
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
      <RadixRadioGroup.Root
        className={['choice-list', className].filter(Boolean).join(' ')}
        value={value ?? ''}
        onValueChange={onValueChange}
        aria-labelledby={labelledBy}
        aria-label={labelledBy ? undefined : label}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        name={name}
        disabled={disabled}
      >
        {options.map((option, index) => {
          const optionId = `${baseId}-${index}`;
          return (
            <div
              className="choice"
              key={option.value}
              data-state={value === option.value ? 'checked' : 'unchecked'}
            >
              <RadixRadioGroup.Item
                className="choice__control"
                value={option.value}
                id={optionId}
                data-testid={option.testId}
              >
                <RadixRadioGroup.Indicator className="choice__dot" />
              </RadixRadioGroup.Item>
              <label className="choice__label" htmlFor={optionId}>
                {option.marker ? (
                  <span className="choice__marker" aria-hidden="true">
                    {option.marker}
                  </span>
                ) : null}
                <span className="choice__text">
                  {option.marker ? <span className="visually-hidden">{option.marker}. </span> : null}
                  {option.label}
                  {option.description ? (
                    <span className="choice__description">{option.description}</span>
                  ) : null}
                </span>
              </label>
            </div>
          );
        })}
      </RadixRadioGroup.Root>
      {error ? (
        <p className="field__error" id={errorId} role="alert">
          {error}
        </p>
      ) : null}
    </>
  );
}
