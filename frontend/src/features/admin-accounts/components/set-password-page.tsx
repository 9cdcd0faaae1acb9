import { type FormEvent, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClass } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useSetPassword } from '../api/set-password';
import { passwordProblem } from '../model/password-form';
import '../admin-accounts.css';

/**
 * /set-password?token=…: the page an invitation or reset email links to. The server applies the
 * full password rule (common passwords too); this page checks what it can before sending.
 */
export function SetPasswordPage({ token }: { token: string | undefined }) {
  useDocumentTitle('Set your password');
  const setPassword = useSetPassword();
  const [password, setPasswordValue] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [checked, setChecked] = useState(false);
  const problems = passwordProblem(password, confirmation);
  const show = checked ? problems : {};

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (!token || problems.password || problems.confirmation) return;
    setPassword.mutate({ token, password });
  };

  return (
    <div className="page auth-page">
      <section className="card set-password" aria-labelledby="set-password-title">
        <h1 id="set-password-title" className="set-password__title">
          Set your password
        </h1>
        {setPassword.isSuccess ? (
          <>
            <Alert tone="success" title="Your password is set" testId="set-password-done">
              You can now sign in with your email and the password you chose.
            </Alert>
            <a className={buttonClass('primary', 'md', 'button--block')} href="/login">
              Go to sign in
            </a>
          </>
        ) : !token ? (
          <Alert tone="error" title="This link is incomplete">
            Open the whole link from your invitation or password-reset email, or ask your administrator for a
            new one.
          </Alert>
        ) : (
          <>
            <p className="set-password__intro">
              Choose a password of at least 12 characters. A few words you will remember make a good one.
            </p>
            {setPassword.isError ? (
              <Alert tone="error" title="Your password was not set" testId="set-password-error">
                {errorMessage(setPassword.error)}
              </Alert>
            ) : null}
            <form className="accounts-form" onSubmit={submit} noValidate aria-label="Set your password">
              <TextField
                label="New password"
                type="password"
                autoComplete="new-password"
                value={password}
                onChange={(event) => setPasswordValue(event.target.value)}
                error={show.password ?? null}
              />
              <TextField
                label="Confirm new password"
                type="password"
                autoComplete="new-password"
                value={confirmation}
                onChange={(event) => setConfirmation(event.target.value)}
                error={show.confirmation ?? null}
              />
              <Button type="submit" block loading={setPassword.isPending}>
                {setPassword.isPending ? 'Setting password...' : 'Set password'}
              </Button>
            </form>
          </>
        )}
      </section>
    </div>
  );
}
