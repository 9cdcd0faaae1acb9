import { MESSAGES } from '@risk-profile/contracts';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { CheckboxField } from '../../../components/ui/checkbox';
import { toast } from '../../../lib/toast';

export const SIGNATURE_STATEMENT =
  'I confirm that the information I have provided is accurate and complete, and I agree to sign this Risk Profile electronically. I understand that the time of signing and my IP address will be recorded.';

/** Unsigned until the box is ticked and Sign pressed; there is no way back once signed. */
export function SignatureCard({ pending, onSign }: { pending: boolean; onSign: () => void }) {
  const [confirmed, setConfirmed] = useState(false);

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
        <p className="card__description">Your signature completes the assessment and sends your report.</p>
      </div>
      <CheckboxField
        id="signature-confirm"
        checked={confirmed}
        onCheckedChange={setConfirmed}
        label={SIGNATURE_STATEMENT}
        disabled={pending}
      />
      <div className="row row--end">
        <Button size="lg" variant="secondary" disabled={!confirmed} loading={pending} onClick={sign}>
          {pending ? 'Signing...' : 'Sign'}
        </Button>
      </div>
    </Card>
  );
}
