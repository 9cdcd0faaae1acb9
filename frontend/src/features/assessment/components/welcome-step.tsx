import { formatMobileNumber, MOBILE_INPUT_MAX_LENGTH } from '@risk-profile/contracts';
import { type FormEvent, Suspense, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { TextField } from '../../../components/ui/field';
import { pasteIntoMobileNumber } from '../model/mobile-input';
import {
  type ClientDetails,
  type ClientField,
  hasNameAndContact,
  validateClientDetails,
} from '../model/validation';
import { LazySendLinkDialog } from './lazy-steps';

export interface WelcomeStepProps {
  client: ClientDetails;
  onChange: (field: ClientField, value: string) => void;
  onStart: () => void;
  /** A signed-in adviser may send the client a link instead. */
  canSendLink: boolean;
  /**
   * The signed-in adviser's name when no adviser page or link names one: the service attributes
   * the assessment to them (in person), so their report comes to them.
   */
  attributedTo?: string | null;
  headingRef: React.Ref<HTMLHeadingElement>;
}

export function WelcomeStep({
  client,
  onChange,
  onStart,
  canSendLink,
  attributedTo = null,
  headingRef,
}: WelcomeStepProps) {
  const [error, setError] = useState<{ field: ClientField; message: string } | null>(null);
  const [sendLinkOpen, setSendLinkOpen] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = validateClientDetails(client);
    setError(problem);
    if (problem) {
      document.getElementById(`client-${problem.field}`)?.focus();
      return;
    }
    onStart();
  };

  const change = (field: ClientField, value: string) => {
    if (error?.field === field) setError(null);
    onChange(field, value);
  };
  const errorFor = (field: ClientField) => (error?.field === field ? error.message : null);

  return (
    <div className="stack stack--lg">
      <header className="step-intro">
        <p className="step-intro__eyebrow">Investment Risk Profile</p>
        <h1 ref={headingRef} tabIndex={-1}>
          Discover your Risk Profile
        </h1>
        <p className="step-intro__lead">
          Answer 18 short questions about your goals and how you feel about investment risk. You will see your
          recommended profile straight away, can confirm or change it, and sign it electronically.
        </p>
        <ul className="step-intro__facts">
          <li>About 10 minutes</li>
          <li>Progress saved on this device</li>
          <li>Your details stay private</li>
        </ul>
        {attributedTo ? (
          <p className="step-intro__attribution" role="note">
            This assessment will be attributed to {attributedTo}.
          </p>
        ) : null}
      </header>

      <Card aria-labelledby="your-details-title">
        <div>
          <h2 id="your-details-title">Your details</h2>
          <p className="card__description">
            We need your name and either an email address or a mobile number to send you your results.
          </p>
        </div>
        <form className="stack" onSubmit={submit} noValidate>
          <TextField
            id="client-name"
            label="Full name"
            name="name"
            autoComplete="name"
            value={client.name}
            onChange={(event) => change('name', event.target.value)}
            error={errorFor('name')}
            required
          />
          <div className="field-pair">
            <TextField
              id="client-email"
              label="Email address"
              name="email"
              type="email"
              inputMode="email"
              autoComplete="email"
              value={client.email}
              onChange={(event) => change('email', event.target.value)}
              error={errorFor('email')}
            />
            <TextField
              id="client-phone"
              label="Mobile number"
              name="phone"
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              placeholder="0412 345 678"
              maxLength={MOBILE_INPUT_MAX_LENGTH}
              value={client.phone}
              onChange={(event) => change('phone', formatMobileNumber(event.target.value))}
              // The 12-character limit would cut a pasted number before it is formatted.
              onPaste={(event) => {
                const pasted = event.clipboardData.getData('text');
                if (!pasted) return;
                event.preventDefault();
                const { value, selectionStart, selectionEnd } = event.currentTarget;
                change(
                  'phone',
                  pasteIntoMobileNumber(
                    value,
                    selectionStart ?? value.length,
                    selectionEnd ?? value.length,
                    pasted,
                  ),
                );
              }}
              error={errorFor('phone')}
            />
          </div>
          <div className="form-actions">
            <Button type="submit" size="lg">
              Start Assessment
            </Button>
            {canSendLink ? (
              <Button
                variant="outline"
                size="lg"
                disabled={!hasNameAndContact(client)}
                onClick={() => setSendLinkOpen(true)}
              >
                Send Link to Complete Later
              </Button>
            ) : null}
          </div>
        </form>
      </Card>
      {canSendLink && sendLinkOpen ? (
        <Suspense fallback={null}>
          <LazySendLinkDialog open={sendLinkOpen} onOpenChange={setSendLinkOpen} client={client} />
        </Suspense>
      ) : null}
    </div>
  );
}
