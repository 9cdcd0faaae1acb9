import type { TotpSetup as Setup } from '@risk-profile/contracts';
import QRCode from 'qrcode';
import { type FormEvent, useEffect, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-client';
import { useConfirmTotp } from '../api/second-factor';
import { CodeField, useCodeInput } from './code-field';
import { RecoveryCodes } from './recovery-codes';

/** The secret in groups of four, as people copy it into an app by hand. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/**
 * A new secret as a QR code and as text, then the first code that turns the app on, then the
 * recovery codes (shown once). The secret lives only in this component's state.
 */
export function TotpSetup({ setup, onDone }: { setup: Setup; onDone: () => void }) {
  const [qr, setQr] = useState<string | null>(null);
  const input = useCodeInput();
  const confirm = useConfirmTotp();

  useEffect(() => {
    let live = true;
    QRCode.toDataURL(setup.otpauthUri, { margin: 1, width: 200 }).then(
      (url) => live && setQr(url),
      () => live && setQr(null),
    );
    return () => {
      live = false;
    };
  }, [setup.otpauthUri]);

  if (confirm.data) return <RecoveryCodes codes={confirm.data} onDone={onDone} />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const code = input.checked();
    if (code) confirm.mutate(code);
  };

  return (
    <div className="account-setup">
      <ol className="account-setup__steps">
        <li>
          Open your authenticator app (for example Microsoft Authenticator, Google Authenticator or
          1Password).
        </li>
        <li>Scan this QR code, or type the key below into the app.</li>
        <li>Enter the 6-digit code the app then shows.</li>
      </ol>
      {qr ? (
        <img
          className="account-setup__qr"
          src={qr}
          width={200}
          height={200}
          alt="QR code to add Risk Profile to your authenticator app"
        />
      ) : null}
      <p>
        Key:{' '}
        <code className="account-setup__secret" data-testid="totp-secret">
          {grouped(setup.secret)}
        </code>
      </p>
      {confirm.isError ? <Alert tone="error">{errorMessage(confirm.error)}</Alert> : null}
      <form className="account-form" onSubmit={submit} noValidate>
        <CodeField label="Code from your app" input={input} />
        <Button type="submit" loading={confirm.isPending} disabled={confirm.isPending}>
          Turn on two-step sign-in
        </Button>
      </form>
    </div>
  );
}
