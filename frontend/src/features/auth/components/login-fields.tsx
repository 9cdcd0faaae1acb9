import { TextField } from '../../../components/ui/field';
import type { useLoginForm } from '../model/use-login-form';

/** The email and password fields both sign-in pages share, with their field messages. */
export function LoginFields({ form }: { form: ReturnType<typeof useLoginForm> }) {
  return (
    <>
      <TextField
        label="Email"
        type="email"
        name="email"
        autoComplete="username"
        value={form.email}
        onChange={(event) => form.setEmail(event.target.value)}
        error={form.errors.email}
      />
      <TextField
        label="Password"
        type="password"
        name="password"
        autoComplete="current-password"
        value={form.password}
        onChange={(event) => form.setPassword(event.target.value)}
        error={form.errors.password}
      />
    </>
  );
}
