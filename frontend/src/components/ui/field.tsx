import { type InputHTMLAttributes, type TextareaHTMLAttributes, useId } from 'react';

interface FieldChromeProps {
  label: string;
  hint?: string;
  error?: string | null;
  optional?: boolean;
}

function describedBy(
  hintId: string,
  errorId: string,
  hint?: string,
  error?: string | null,
): string | undefined {
  return [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
}

function FieldMessages({
  hint,
  error,
  hintId,
  errorId,
}: {
  hint?: string;
  error?: string | null;
  hintId: string;
  errorId: string;
}) {
  return (
    <>
      {hint ? (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field__error" id={errorId} role="alert">
          {error}
        </p>
      ) : null}
    </>
  );
}

export type TextFieldProps = FieldChromeProps &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & { id?: string };

export function TextField({ label, hint, error, optional, id, className, ...input }: TextFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  return (
    <div className={['field', className].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={inputId}>
        {label}
        {optional ? <span className="field__optional"> (optional)</span> : null}
      </label>
      <input
        id={inputId}
        className="field__control"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hintId, errorId, hint, error)}
        {...input}
      />
      <FieldMessages hint={hint} error={error} hintId={hintId} errorId={errorId} />
    </div>
  );
}

export type TextAreaFieldProps = FieldChromeProps &
  Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> & { id?: string };

export function TextAreaField({
  label,
  hint,
  error,
  optional,
  id,
  className,
  ...textarea
}: TextAreaFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  return (
    <div className={['field', className].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={inputId}>
        {label}
        {optional ? <span className="field__optional"> (optional)</span> : null}
      </label>
      <textarea
        id={inputId}
        className="field__control field__control--textarea"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hintId, errorId, hint, error)}
        {...textarea}
      />
      <FieldMessages hint={hint} error={error} hintId={hintId} errorId={errorId} />
    </div>
  );
}
