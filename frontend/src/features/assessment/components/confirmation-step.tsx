import { MAX_FREE_TEXT_LENGTH, type ProfileName, profileByName } from '@risk-profile/contracts';
import { Card } from '../../../components/ui/card';
import { TextAreaField } from '../../../components/ui/field';
import { ProfileFacts } from './profile-facts';
import { SignatureCard } from './signature-card';

export interface ConfirmationStepProps {
  finalProfile: ProfileName;
  profileChanged: boolean;
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

      <SignatureCard pending={props.signing} onSign={props.onSign} description={props.reportDestination} />
    </div>
  );
}
