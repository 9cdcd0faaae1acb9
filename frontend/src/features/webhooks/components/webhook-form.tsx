import { type CreatedWebhook, WEBHOOK_EVENT_TYPES } from '@risk-profile/contracts';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { CheckboxField } from '../../../components/ui/checkbox';
import { TextField } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/api-client';
import { useCreateWebhook } from '../api/webhooks';
import { EVENT_LABELS } from '../model/labels';
import {
  emptyWebhookForm,
  type WebhookFormField,
  webhookBody,
  webhookFormErrors,
  withEvent,
} from '../model/webhook-form';

const ALL_FIELDS: readonly WebhookFormField[] = ['url', 'events', 'description'];

/**
 * Adds an endpoint. Each field is checked against the shared schema as it changes once it has been
 * left (the events at once), every field when the form is sent; the service's refusal (an address
 * it may not call) is shown above the button.
 */
export function WebhookForm({ onCreated }: { onCreated: (created: CreatedWebhook, url: string) => void }) {
  const [values, setValues] = useState(emptyWebhookForm);
  const [touched, setTouched] = useState<ReadonlySet<WebhookFormField>>(() => new Set());
  // Bumped by a refused submit, so focus moves to the first field to fix (after it renders).
  const [refusals, setRefusals] = useState(0);
  const form = useRef<HTMLFormElement>(null);
  const create = useCreateWebhook();
  const eventsErrorId = useId();
  const errors = webhookFormErrors(values);
  const shown = (field: WebhookFormField) => (touched.has(field) ? (errors[field] ?? null) : null);
  const touch = (field: WebhookFormField) => setTouched((prev) => new Set(prev).add(field));

  useEffect(() => {
    if (refusals === 0) return;
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusals]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(new Set(ALL_FIELDS));
    if (Object.keys(errors).length > 0) {
      setRefusals((n) => n + 1);
      return;
    }
    const body = webhookBody(values);
    create.mutate(body, {
      onSuccess: (created) => {
        onCreated(created, body.url);
        setValues(emptyWebhookForm());
        setTouched(new Set());
      },
    });
  };

  const eventsError = shown('events');
  return (
    <form ref={form} className="webhooks-form" onSubmit={submit} noValidate aria-label="Add an endpoint">
      <TextField
        label="Endpoint URL"
        hint="Where the events are sent, as a POST signed with the endpoint's secret. Use https."
        type="url"
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        required
        value={values.url}
        onChange={(event) => setValues((prev) => ({ ...prev, url: event.target.value }))}
        onBlur={() => touch('url')}
        error={shown('url')}
      />
      <fieldset
        className="webhooks-form__events"
        aria-describedby={eventsError ? eventsErrorId : undefined}
        aria-invalid={eventsError ? true : undefined}
      >
        <legend className="field__label">Events to send</legend>
        <div className="webhooks-form__choices">
          {WEBHOOK_EVENT_TYPES.map((type) => (
            <CheckboxField
              key={type}
              checked={values.events.includes(type)}
              onCheckedChange={(on) => {
                setValues((prev) => withEvent(prev, type, on));
                touch('events');
              }}
              label={
                <>
                  {EVENT_LABELS[type]} <code className="webhooks__code">{type}</code>
                </>
              }
            />
          ))}
        </div>
        {eventsError ? (
          <p className="field__error" id={eventsErrorId} role="alert">
            {eventsError}
          </p>
        ) : null}
      </fieldset>
      <TextField
        label="Description"
        optional
        hint="Which system this is, so the next administrator knows, e.g. Xplan production."
        autoComplete="off"
        value={values.description}
        onChange={(event) => setValues((prev) => ({ ...prev, description: event.target.value }))}
        onBlur={() => touch('description')}
        error={shown('description')}
      />
      {create.isError ? (
        <Alert tone="error" title="Could not add the endpoint">
          {errorMessage(create.error)}
        </Alert>
      ) : null}
      <div className="webhooks-form__actions">
        <Button type="submit" loading={create.isPending}>
          Add endpoint
        </Button>
      </div>
    </form>
  );
}
