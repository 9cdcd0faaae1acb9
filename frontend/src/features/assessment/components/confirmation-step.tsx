import {
  type CapacityRecord,
  MAX_FREE_TEXT_LENGTH,
  MESSAGES,
  type ProfileName,
  profileByName,
} from '@risk-profile/contracts';
import { useState } from 'react';
import { Card } from '../../../components/ui/card';
import { TextAreaField } from '../../../components/ui/field';
import { CapacityAcknowledgement, CapacityWarnings } from './capacity-notices';
import { ProfileFacts } from './profile-facts';
import { SignatureCard } from './signature-card';

export interface ConfirmationStepProps {
  finalProfile: ProfileName;
  profileChanged: boolean;
  /** The draft's capacity record (recomputed from its answers for a draft saved before it had one). */
  capacity: CapacityRecord;
  capacityAcknowledged: boolean;
  onCapacityAcknowledge: (value: boolean) => void;
  exclusions: string;
  preferences: string;
  onExclusionsChange: (value: string) => void;
  onPreferencesChange: (value: string) => void;
  signing: boolean;
  onSign: () => void;
  /** What signing sends, and to whom (see model/report-recipients). */
  reportDestination: string;
  headingRef: React.Ref<HTMLHeadingElement>;
}

export function ConfirmationStep(props: ConfirmationStepProps) {
  const profile = profileByName(props.finalProfile);
  const { capacity } = props;
  // A draft saved before capacity for loss was asked about: its warnings are acknowledged here.
  const needsAcknowledgement = capacity.warnings.length > 0 && !capacity.acknowledged;
  const [acknowledgementError, setAcknowledgementError] = useState<string | null>(null);
  const sign = () => {
    if (needsAcknowledgement && !props.capacityAcknowledged) {
      setAcknowledgementError(MESSAGES.capacityAcknowledgementRequired);
      document.querySelector<HTMLElement>('#capacityAcknowledged')?.focus();
      return;
    }
    props.onSign();
  };
  return (
    <div className="stack stack--lg">
      <header className="step-intro">
        <p className="step-intro__eyebrow">Almost done</p>
        <h1 ref={props.headingRef} tabIndex={-1}>
          Confirm and sign
        </h1>
        <p className="step-intro__lead">
          Add anything your adviser should know about how you want to invest, then sign to complete your Risk
          Profile.
        </p>
      </header>

      <Card tone="accent" aria-labelledby="final-profile-title">
        <p className="result__eyebrow" id="final-profile-title">
          {props.profileChanged ? 'The Risk Profile you chose' : 'Your confirmed Risk Profile'}
        </p>
        <p className="result__name" data-testid="final-profile">
          {profile.name}
        </p>
        <ProfileFacts profile={profile} />
      </Card>

      {capacity.warnings.length > 0 || capacity.adviserReview ? (
        <Card aria-labelledby="capacity-confirm-title" data-testid="confirmation-capacity">
          <h2 id="capacity-confirm-title">Your time horizon and capacity for loss</h2>
          <CapacityWarnings warnings={capacity.warnings} />
          {needsAcknowledgement ? (
            <CapacityAcknowledgement
              checked={props.capacityAcknowledged}
              onCheckedChange={(value) => {
                setAcknowledgementError(null);
                props.onCapacityAcknowledge(value);
              }}
              error={acknowledgementError}
              disabled={props.signing}
            />
          ) : capacity.acknowledged ? (
            <p>You have confirmed that you still want this Risk Profile.</p>
          ) : null}
          {capacity.adviserReview ? (
            <p data-testid="adviser-review-notice">
              Your choice is two or more levels above the profile recommended for you, so it will be flagged
              for your adviser's review.
            </p>
          ) : null}
        </Card>
      ) : null}

      <Card aria-labelledby="preferences-title">
        <div>
          <h2 id="preferences-title">Your exclusions and preferences</h2>
          <p className="card__description">Both are optional. Your adviser will take them into account.</p>
        </div>
        <TextAreaField
          label="Investment Exclusions"
          hint="Industries, companies or types of investment you do not want to hold, for example tobacco or fossil fuels."
          value={props.exclusions}
          onChange={(event) => props.onExclusionsChange(event.target.value)}
          maxLength={MAX_FREE_TEXT_LENGTH}
          rows={4}
          disabled={props.signing}
        />
        <TextAreaField
          label="Investment Preferences"
          hint="Anything you would like more of, for example ethical funds, income-producing investments or Australian shares."
          value={props.preferences}
          onChange={(event) => props.onPreferencesChange(event.target.value)}
          maxLength={MAX_FREE_TEXT_LENGTH}
          rows={4}
          disabled={props.signing}
        />
      </Card>

      <SignatureCard pending={props.signing} onSign={sign} description={props.reportDestination} />
    </div>
  );
}
