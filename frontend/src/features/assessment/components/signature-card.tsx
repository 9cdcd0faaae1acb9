import { MESSAGES } from '@risk-profile/contracts';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { CheckboxField } from '../../../components/ui/checkbox';
import { toast } from '../../../lib/toast';

export const SIGNATURE_STATEMENT =
  'I confirm that the information I have provided is accurate and complete, and I agree to sign this Risk Profile electronically. I understand that the time of signing and my IP address will be recorded.';

const SIGN_HINT = 'Tick the box above to sign';
const SIGN_HINT_ID = 'signature-sign-hint';

/** Unsigned until the box is ticked and Sign pressed; there is no way back once signed. */
export function SignatureCard({
  pending,
  onSign,
  description,
}: {
  pending: boolean;
  onSign: () => void;
  /** What signing sends, and to whom. */
  description: string;
}) {
  const [confirmed, setConfirmed] = useState(false);
  const waiting = !confirmed && !pending;

  const sign = () => {
    if (!confirmed) {
      toast({
        title: MESSAGES.confirmationRequiredTitle,
        description: MESSAGES.confirmationRequired,
        variant: 'destructive',
      });
      return;
    }
    onSign();
  };

  return (
    <Card aria-labelledby="signature-title" className="signature-card" data-testid="signature-card">
      <div>
        <h2 id="signature-title">Sign your Risk Profile</h2>
        <p className="card__description" data-testid="report-destination">
          {description}
        </p>
      </div>
      <CheckboxField
        id="signature-confirm"
        checked={confirmed}
        onCheckedChange={setConfirmed}
        label={SIGNATURE_STATEMENT}
        disabled={pending}
      />
      {/* Until the box is ticked, Sign waits: styled as not yet rather than broken, and the hint
          says what it waits for, to the eye and (as its description) to a screen reader. */}
      <div className="row row--end">
        {waiting ? (
          <p className="signature-card__hint" id={SIGN_HINT_ID}>
            {SIGN_HINT}
          </p>
        ) : null}
        <Button
          size="lg"
          variant="secondary"
          className={waiting ? 'button--waiting' : undefined}
          disabled={!confirmed}
          loading={pending}
          onClick={sign}
          aria-describedby={waiting ? SIGN_HINT_ID : undefined}
        >
          {pending ? 'Signing...' : 'Sign'}
        </Button>
      </div>
    </Card>
  );
}
