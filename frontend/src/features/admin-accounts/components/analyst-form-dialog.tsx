import { type FormEvent, useEffect, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/api-client';

interface Values {
  name: string;
  email: string;
}

const EMPTY: Values = { name: '', email: '' };

function problems(values: Values): Partial<Record<keyof Values, string>> {
  const found: Partial<Record<keyof Values, string>> = {};
  if (!values.name.trim()) found.name = 'Name is required.';
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.email.trim()))
    found.email = 'Please enter a valid email address.';
  return found;
}

/** Create an analyst account; its holder is invited to set a password, as an adviser is. */
export function AnalystFormDialog({
  open,
  onOpenChange,
  pending,
  onSubmit,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  pending: boolean;
  onSubmit: (body: Values) => Promise<unknown>;
}) {
  const [values, setValues] = useState<Values>(EMPTY);
  const [showErrors, setShowErrors] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    if (open) {
      setValues(EMPTY);
      setShowErrors(false);
      setFailure(null);
    }
  }, [open]);

  const errors = showErrors ? problems(values) : {};
  const field = (name: keyof Values) => ({
    name,
    value: values[name],
    error: errors[name] ?? null,
    onChange: (event: { target: { value: string } }) =>
      setValues((prev) => ({ ...prev, [name]: event.target.value })),
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setShowErrors(true);
    if (Object.keys(problems(values)).length > 0) return;
    setFailure(null);
    try {
      await onSubmit({ name: values.name.trim(), email: values.email.trim() });
      onOpenChange(false);
    } catch (error) {
      setFailure(errorMessage(error));
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="New analyst"
      description="Analysts query the analytics store (no personal data) and see no adviser or admin pages. They get an email with a link to set their password; it works once, for 72 hours."
      testId="analyst-form-dialog"
    >
      <form className="accounts-form" onSubmit={submit} noValidate aria-label="New analyst">
        {failure ? (
          <Alert tone="error" title="Could not create the analyst">
            {failure}
          </Alert>
        ) : null}
        <TextField label="Name" autoComplete="off" required {...field('name')} />
        <TextField
          label="Email"
          type="email"
          autoComplete="off"
          required
          hint="Where the invitation goes; also the sign-in email."
          {...field('email')}
        />
        <div className="accounts-form__actions">
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" loading={pending}>
            Create and send invitation
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
