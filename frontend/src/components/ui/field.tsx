import { type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes, useId } from 'react';

interface FieldChromeProps {
  label: string;
  hint?: string;
  error?: string | null;
  optional?: boolean;
}

/** What the control inside a field needs to be labelled and described. */
interface ControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/**
 * The label, hint and error around one control, wired for screen readers: the hint and the
 * error describe the control, and the error is announced when it appears.
 */
function Field({
  label,
  hint,
  error,
  optional,
  id,
  className,
  children,
}: FieldChromeProps & { id?: string; className?: string; children: (control: ControlProps) => ReactNode }) {
  const generated = useId();
  const controlId = id ?? generated;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={['field', className].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={controlId}>
        {label}
        {optional ? <span className="field__optional"> (optional)</span> : null}
      </label>
      {children({ id: controlId, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
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
    </div>
  );
}

export type TextFieldProps = FieldChromeProps &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & { id?: string };

export function TextField({ label, hint, error, optional, id, className, ...input }: TextFieldProps) {
  return (
    <Field label={label} hint={hint} error={error} optional={optional} id={id} className={className}>
      {(control) => <input className="field__control" {...control} {...input} />}
    </Field>
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
  return (
    <Field label={label} hint={hint} error={error} optional={optional} id={id} className={className}>
      {(control) => (
        <textarea className="field__control field__control--textarea" {...control} {...textarea} />
      )}
    </Field>
  );
}
