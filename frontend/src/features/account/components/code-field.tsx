import { totpCodeSchema } from '@risk-profile/contracts';
import { useState } from 'react';
import { TextField } from '../../../components/ui/field';

/** A 6-digit code being typed, with the message of the last check. */
export function useCodeInput() {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  /** The code when it has the shape of one, else null (and its message is shown). */
  const checked = (): string | null => {
    const parsed = totpCodeSchema.safeParse(code);
    setError(parsed.success ? undefined : parsed.error.issues[0]?.message);
    return parsed.success ? code : null;
  };
  return { code, setCode, error, checked };
}

/** The field of a code from the authenticator app (the browser may offer one-time codes). */
export function CodeField({ label, input }: { label: string; input: ReturnType<typeof useCodeInput> }) {
  return (
    <TextField
      label={label}
      name="code"
      autoComplete="one-time-code"
      inputMode="numeric"
      value={input.code}
      onChange={(event) => input.setCode(event.target.value)}
      error={input.error}
    />
  );
}
