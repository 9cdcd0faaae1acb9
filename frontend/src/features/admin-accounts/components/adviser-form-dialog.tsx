import type { AdminAdviser, CreateAdviserBody, UpdateAdviserBody } from '@risk-profile/contracts';
import { type FormEvent, useEffect, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextAreaField, TextField } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/api-client';

interface Values {
  slug: string;
  adviserName: string;
  companyName: string;
  email: string;
  licenceNumber: string;
  disclaimer: string;
}

const EMPTY: Values = {
  slug: '',
  adviserName: '',
  companyName: '',
  email: '',
  licenceNumber: '',
  disclaimer: '',
};

const valuesOf = (adviser: AdminAdviser | null): Values =>
  adviser
    ? {
        slug: adviser.slug,
        adviserName: adviser.adviserName,
        companyName: adviser.companyName,
        email: adviser.email,
        licenceNumber: adviser.licenceNumber ?? '',
        disclaimer: adviser.disclaimer ?? '',
      }
    : EMPTY;

/** The checks the page can make itself; the server's own (taken slug or email) come back as messages. */
function problems(values: Values): Partial<Record<keyof Values, string>> {
  const found: Partial<Record<keyof Values, string>> = {};
  if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(values.slug.trim()) || values.slug.trim().length < 2)
    found.slug = 'Use 2 to 64 lowercase letters, digits and single hyphens, for example jane-smith.';
  if (!values.adviserName.trim()) found.adviserName = 'Adviser name is required.';
  if (!values.companyName.trim()) found.companyName = 'Company is required.';
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.email.trim()))
    found.email = 'Please enter a valid email address.';
  return found;
}

/** Create an adviser (with the invitation email) or edit one; the same fields, one dialog. */
export function AdviserFormDialog({
  open,
  onOpenChange,
  adviser,
  pending,
  onSubmit,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The adviser to edit, or null to create one. */
  adviser: AdminAdviser | null;
  pending: boolean;
  onSubmit: (body: CreateAdviserBody | UpdateAdviserBody) => Promise<unknown>;
}) {
  const [values, setValues] = useState<Values>(() => valuesOf(adviser));
  const [showErrors, setShowErrors] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    if (open) {
      setValues(valuesOf(adviser));
      setShowErrors(false);
      setFailure(null);
    }
  }, [open, adviser]);

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
    const body = {
      slug: values.slug.trim(),
      adviserName: values.adviserName.trim(),
      companyName: values.companyName.trim(),
      email: values.email.trim(),
      licenceNumber: values.licenceNumber.trim() || null,
      disclaimer: values.disclaimer.trim() || null,
    };
    try {
      await onSubmit(body);
      onOpenChange(false);
    } catch (error) {
      setFailure(errorMessage(error));
    }
  };

  const editing = adviser !== null;
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={editing ? `Edit ${adviser.adviserName}` : 'New adviser'}
      description={
        editing
          ? 'A new page name keeps the old one working, so links already sent still reach this adviser.'
          : 'The adviser gets an email with a link to set their password. The link works once, for 72 hours.'
      }
      testId="adviser-form-dialog"
    >
      <form
        className="accounts-form"
        onSubmit={submit}
        noValidate
        aria-label={editing ? 'Edit adviser' : 'New adviser'}
      >
        {failure ? (
          <Alert tone="error" title={editing ? 'Could not save the changes' : 'Could not create the adviser'}>
            {failure}
          </Alert>
        ) : null}
        <TextField label="Adviser name" autoComplete="off" required {...field('adviserName')} />
        <TextField label="Company" autoComplete="off" required {...field('companyName')} />
        <TextField
          label="Email"
          type="email"
          autoComplete="off"
          required
          hint="Where the invitation and reports go; also the sign-in email."
          {...field('email')}
        />
        <TextField
          label="Page name"
          autoComplete="off"
          autoCapitalize="none"
          required
          hint="The adviser's page address: /page-name."
          {...field('slug')}
        />
        <TextField
          label="Licence or registration number"
          optional
          autoComplete="off"
          {...field('licenceNumber')}
        />
        <TextAreaField
          label="Disclaimer"
          optional
          rows={3}
          hint="Printed in the footer of every report."
          {...field('disclaimer')}
        />
        <div className="accounts-form__actions">
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" loading={pending}>
            {editing ? 'Save changes' : 'Create and send invitation'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
