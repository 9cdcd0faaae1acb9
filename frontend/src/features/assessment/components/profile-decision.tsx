import {
  compareProfiles,
  type ProfileName,
  profileByName,
  RISK_ACKNOWLEDGEMENT_STATEMENT,
  RISK_PROFILES,
} from '@risk-profile/contracts';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { CheckboxField } from '../../../components/ui/checkbox';
import { TextAreaField } from '../../../components/ui/field';
import { RadioGroup } from '../../../components/ui/radio-group';
import type { Agreement } from '../model/assessment-state';
import { type FieldError, type ProfileChoiceField, validateProfileChoice } from '../model/validation';

export interface ProfileDecisionProps {
  recommended: ProfileName;
  agreement: Agreement | null;
  selectedProfile: ProfileName | null;
  changeReason: string;
  riskAcknowledged: boolean;
  pending: boolean;
  onAgree: () => void;
  onDisagree: () => void;
  onSelectProfile: (profile: ProfileName) => void;
  onChangeReason: (value: string) => void;
  onAcknowledge: (value: boolean) => void;
  onContinue: () => void;
}

function ChangeWarning({ chosen, recommended }: { chosen: ProfileName; recommended: ProfileName }) {
  const comparison = compareProfiles(chosen, recommended);
  if (comparison === 'same') return null;
  const profile = profileByName(chosen);
  if (comparison === 'higher') {
    return (
      <Alert
        tone="warning"
        title="This profile carries more risk than recommended"
        testId="profile-change-warning"
      >
        <p>
          A {chosen} portfolio exposes you to increased risk: its value can fall further and more often than a{' '}
          {recommended} portfolio, and in a bad year it could be {profile.badYear}. Your answers suggest
          losses of that size may be more than you are comfortable with or able to bear.
        </p>
      </Alert>
    );
  }
  return (
    <Alert
      tone="warning"
      title="This profile may earn lower returns than recommended"
      testId="profile-change-warning"
    >
      <p>
        A {chosen} portfolio is expected to produce lower returns over the long term than a {recommended}{' '}
        portfolio, which may make it harder to reach your financial goals or to keep pace with inflation.
      </p>
    </Alert>
  );
}

export function ProfileDecision(props: ProfileDecisionProps) {
  const { recommended, agreement, selectedProfile, changeReason, riskAcknowledged, pending } = props;
  const [error, setError] = useState<FieldError<ProfileChoiceField> | null>(null);
  const changed = selectedProfile !== null && compareProfiles(selectedProfile, recommended) !== 'same';
  const errorFor = (field: ProfileChoiceField) => (error?.field === field ? error.message : null);

  const submit = () => {
    const problem = validateProfileChoice({ selectedProfile, changeReason, riskAcknowledged }, recommended);
    setError(problem);
    if (problem) {
      // The profile choices are native radio inputs, so they carry no explicit role attribute.
      const target =
        problem.field === 'selectedProfile' ? '#profile-choice input[type="radio"]' : `#${problem.field}`;
      document.querySelector<HTMLElement>(target)?.focus();
      return;
    }
    props.onContinue();
  };

  return (
    <Card aria-labelledby="agreement-title" data-testid="profile-decision">
      <div>
        <h2 id="agreement-title">Do you agree with this profile?</h2>
        <p className="card__description">
          The profile you confirm will guide the investment recommendations made to you.
        </p>
      </div>
      <div className="decision-buttons">
        <Button
          size="lg"
          aria-pressed={agreement === 'yes'}
          loading={pending && agreement === 'yes'}
          disabled={pending}
          onClick={props.onAgree}
        >
          Yes, I agree
        </Button>
        <Button
          size="lg"
          variant="outline"
          aria-pressed={agreement === 'no'}
          disabled={pending}
          onClick={() => {
            setError(null);
            props.onDisagree();
          }}
        >
          No, choose another profile
        </Button>
      </div>

      {agreement === 'no' ? (
        <div className="stack profile-choice" id="profile-choice">
          <h3 id="profile-choice-title">Which Risk Profile do you feel suits you better?</h3>
          <RadioGroup
            labelledBy="profile-choice-title"
            name="selectedProfile"
            value={selectedProfile}
            onValueChange={(value) => {
              if (error?.field === 'selectedProfile') setError(null);
              props.onSelectProfile(value as ProfileName);
            }}
            error={errorFor('selectedProfile')}
            options={RISK_PROFILES.map((profile) => ({
              value: profile.name,
              label: profile.name === recommended ? `${profile.name} (recommended)` : profile.name,
              description: `Bad year: ${profile.badYear}; invest for ${profile.minimumHorizon}`,
            }))}
          />
          {selectedProfile && changed ? (
            <>
              <ChangeWarning chosen={selectedProfile} recommended={recommended} />
              <TextAreaField
                id="changeReason"
                label={`Why do you feel ${selectedProfile} is more appropriate for you?`}
                value={changeReason}
                onChange={(event) => {
                  if (error?.field === 'changeReason') setError(null);
                  props.onChangeReason(event.target.value);
                }}
                error={errorFor('changeReason')}
                rows={4}
                maxLength={2000}
              />
              <CheckboxField
                id="riskAcknowledged"
                checked={riskAcknowledged}
                onCheckedChange={(value) => {
                  if (error?.field === 'riskAcknowledged') setError(null);
                  props.onAcknowledge(value);
                }}
                error={errorFor('riskAcknowledged')}
                label={RISK_ACKNOWLEDGEMENT_STATEMENT}
              />
            </>
          ) : null}
          <div className="row row--end">
            <Button size="lg" loading={pending} onClick={submit}>
              Continue
            </Button>
          </div>
        </div>
      ) : null}
    </Card>
  );
}
