import type { Adviser } from '@risk-profile/contracts';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { appConfig } from '../../../lib/env';
import { useDates } from '../../../lib/time-zone';
import { reportRecipients } from '../model/report-recipients';

export interface SuccessStepProps {
  clientEmail: string;
  clientPhone: string;
  adviser: Adviser | null;
  profileName: string;
  signedAt: string | null;
  onStartAnother: () => void;
  headingRef: React.Ref<HTMLHeadingElement>;
}

export function SuccessStep(props: SuccessStepProps) {
  // The firm's zone, named, as in the emailed report: never the device's own.
  const dates = useDates();
  return (
    <div className="stack stack--lg">
      <Card className="success" aria-labelledby="success-title">
        <span className="success__icon" aria-hidden="true">
          <svg viewBox="0 0 48 48" width="56" height="56" aria-hidden="true">
            <circle cx="24" cy="24" r="24" fill="currentColor" />
            <path
              d="M14 24.5l7 7 13-14"
              fill="none"
              stroke="#fff"
              strokeWidth="4"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        </span>
        <h1 id="success-title" ref={props.headingRef} tabIndex={-1}>
          Assessment Complete
        </h1>
        <p className="success__profile">
          Your Risk Profile: <strong>{props.profileName}</strong>
        </p>
        <p data-testid="report-recipients">
          {reportRecipients(props.clientEmail, props.clientPhone, props.adviser, appConfig.delivery)}
        </p>
        {props.signedAt ? <p className="success__meta">Signed {dates.short(props.signedAt)}</p> : null}
        <p className="success__meta">
          Thank you for completing your Risk Profile. You can now close this page.
        </p>
        <div className="row row--center">
          <Button variant="outline" size="lg" onClick={props.onStartAnother}>
            Complete Another Risk Profile
          </Button>
        </div>
      </Card>
    </div>
  );
}
