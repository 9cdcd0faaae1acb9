import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';

/** The ten recovery codes, shown this once: the server keeps only their hashes. */
export function RecoveryCodes({ codes, onDone }: { codes: readonly string[]; onDone: () => void }) {
  return (
    <div className="account-setup">
      <Alert tone="success" title="Two-step sign-in is on">
        Save these recovery codes somewhere safe, away from your phone. Each signs you in once if you lose
        your app. They are shown only now.
      </Alert>
      <ul className="account-codes" data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <div className="row">
        <Button variant="outline" onClick={() => void navigator.clipboard?.writeText(codes.join('\n'))}>
          Copy the codes
        </Button>
        <Button onClick={onDone}>I have saved them</Button>
      </div>
    </div>
  );
}
