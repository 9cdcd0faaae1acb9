import { Checkbox as RadixCheckbox } from 'radix-ui';
import { type ReactNode, useId } from 'react';

export interface CheckboxFieldProps {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  label: ReactNode;
  error?: string | null;
  disabled?: boolean;
  id?: string;
}

export function CheckboxField({ checked, onCheckedChange, label, error, disabled, id }: CheckboxFieldProps) {
  const generated = useId();
  const boxId = id ?? generated;
  const errorId = `${boxId}-error`;
  return (
    <div className="checkbox-field">
      <div className="checkbox-field__row">
        <RadixCheckbox.Root
          id={boxId}
          className="checkbox"
          checked={checked}
          onCheckedChange={(value) => onCheckedChange(value === true)}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        >
          <RadixCheckbox.Indicator className="checkbox__indicator">
            <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
              <path
                d="M3 8.5l3 3 7-7"
                fill="none"
                stroke="currentColor"
                strokeWidth="2.2"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
          </RadixCheckbox.Indicator>
        </RadixCheckbox.Root>
        <label className="checkbox-field__label" htmlFor={boxId}>
          {label}
        </label>
      </div>
      {error ? (
        <p className="field__error" id={errorId} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
