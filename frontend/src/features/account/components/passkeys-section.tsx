import { PASSKEY_NAME_MESSAGE, type Passkey, passkeyNameSchema } from '@risk-profile/contracts';
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { type FormEvent, useState } from 'react';
import { Alert, LoadFailure } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { passkeyFailure } from '../../../lib/passkey-failure';
import { toast } from '../../../lib/toast';
import { useAddPasskey, usePasskeys, useRemovePasskey } from '../api/passkeys';

const day = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });

/** Passkeys: sign in with this device's screen lock instead of a password, or after it. */
export function PasskeysSection() {
  const passkeys = usePasskeys();
  return (
    <section className="card account-section" aria-labelledby="passkeys-title" data-testid="passkeys">
      <h2 id="passkeys-title">Passkeys</h2>
      <p className="account-note">
        A passkey signs you in with your device’s fingerprint, face or PIN: with no password, or as the second
        step after it. It cannot be phished or reused on another site.
      </p>
      {passkeys.isPending ? (
        <Spinner label="Loading your passkeys..." />
      ) : passkeys.isError ? (
        <LoadFailure title="Could not load your passkeys" error={passkeys.error} />
      ) : (
        <PasskeyList passkeys={passkeys.data} />
      )}
      <AddPasskey />
    </section>
  );
}

function PasskeyList({ passkeys }: { passkeys: Passkey[] }) {
  const remove = useRemovePasskey();
  if (passkeys.length === 0) return <p data-testid="passkeys-status">You have no passkeys yet.</p>;
  const removeOne = (passkey: Passkey) =>
    remove.mutate(passkey.id, {
      onSuccess: () => toast({ title: `Passkey “${passkey.name}” removed`, variant: 'success' }),
      onError: (error) =>
        toast({
          title: 'Could not remove the passkey',
          description: errorMessage(error),
          variant: 'destructive',
        }),
    });
  return (
    <ul className="account-sessions">
      {passkeys.map((passkey) => (
        <li key={passkey.id} className="account-sessions__item">
          <div>
            <strong>{passkey.name}</strong>
            <p className="account-note">
              Added {day(passkey.createdAt)} ·{' '}
              {passkey.lastUsedAt ? `last used ${day(passkey.lastUsedAt)}` : 'not used yet'}
            </p>
          </div>
          <Button
            size="sm"
            variant="destructive"
            disabled={remove.isPending}
            aria-label={`Remove passkey ${passkey.name}`}
            onClick={() => removeOne(passkey)}
          >
            Remove
          </Button>
        </li>
      ))}
    </ul>
  );
}

function AddPasskey() {
  const add = useAddPasskey();
  const [name, setName] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  if (!browserSupportsWebAuthn()) {
    return <p className="account-note">This browser cannot use passkeys.</p>;
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = passkeyNameSchema.safeParse(name);
    setFieldError(parsed.success ? undefined : PASSKEY_NAME_MESSAGE);
    if (!parsed.success) return;
    add.mutate(parsed.data, {
      onSuccess: (passkey) => {
        setName('');
        toast({ title: `Passkey “${passkey.name}” added`, variant: 'success' });
      },
    });
  };
  return (
    <form className="account-form" onSubmit={submit} noValidate>
      {add.isError ? <Alert tone="error">{passkeyFailure(add.error)}</Alert> : null}
      <TextField
        label="Name of the new passkey"
        name="passkeyName"
        hint="So you can tell your passkeys apart, for example “Work laptop”."
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={fieldError}
      />
      <Button type="submit" loading={add.isPending}>
        Add a passkey
      </Button>
    </form>
  );
}
