import {
  type CapacityAssessment,
  capacityWarnings,
  compareProfiles,
  MESSAGES,
  MIN_REVIEW_REASON_LENGTH,
  type OverrideGrade,
  overrideGrade,
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
import {
  type FieldError,
  type ProfileChoiceField,
  validateAgreement,
  validateProfileChoice,
} from '../model/validation';
import { CapacityAcknowledgement, CapacityWarnings } from './capacity-notices';

export interface ProfileDecisionProps {
  recommended: ProfileName;
  agreement: Agreement | null;
  selectedProfile: ProfileName | null;
  changeReason: string;
  riskAcknowledged: boolean;
  /** Questions 13-17 as the rule reads them (contracts' deriveCapacity). */
  capacity: CapacityAssessment;
  capacityAcknowledged: boolean;
  pending: boolean;
  /** Keeps the recommended profile and saves the draft; called only once its checks pass. */
  onAgree: () => void;
  /** Back to the recommended profile without saving, so its own acknowledgement can be asked for. */
  onKeepRecommended: () => void;
  onCapacityAcknowledge: (value: boolean) => void;
  onDisagree: () => void;
  onSelectProfile: (profile: ProfileName) => void;
  onChangeReason: (value: string) => void;
  onAcknowledge: (value: boolean) => void;
  onContinue: () => void;
}

function ChangeWarning({
  chosen,
  recommended,
  grade,
}: {
  chosen: ProfileName;
  recommended: ProfileName;
  grade: OverrideGrade;
}) {
  const comparison = compareProfiles(chosen, recommended);
  if (comparison === 'same') return null;
  const profile = profileByName(chosen);
  if (comparison === 'higher') {
    // Two or more groups up is the stronger notice: same words, plus the adviser's review.
    const review = grade === 'review';
    return (
      <Alert
        tone={review ? 'error' : 'warning'}
        title="This profile carries more risk than recommended"
        testId="profile-change-warning"
      >
        <p>
          A {chosen} portfolio exposes you to increased risk: its value can fall further and more often than a{' '}
          {recommended} portfolio, and in a bad year it could be {profile.badYear}. Your answers suggest
          losses of that size may be more than you are comfortable with or able to bear.
        </p>
        {review ? (
          <p data-testid="adviser-review-notice">
            {chosen} is two or more levels above the profile recommended for you, so your choice will be
            flagged for your adviser's review. Please explain your reasons in at least{' '}
            {MIN_REVIEW_REASON_LENGTH} characters.
          </p>
        ) : null}
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
  const { capacity, capacityAcknowledged } = props;
  const [error, setError] = useState<FieldError<ProfileChoiceField> | null>(null);
  const changed = selectedProfile !== null && compareProfiles(selectedProfile, recommended) !== 'same';
  const grade = selectedProfile === null ? 'none' : overrideGrade(recommended, selectedProfile);
  const errorFor = (field: ProfileChoiceField) => (error?.field === field ? error.message : null);
  const keptWarnings = capacityWarnings(capacity, recommended);
  const chosenWarnings = selectedProfile === null ? [] : capacityWarnings(capacity, selectedProfile);

  const submit = () => {
    const problem = validateProfileChoice(
      { selectedProfile, changeReason, riskAcknowledged, capacityAcknowledged },
      recommended,
      capacity,
    );
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

  const agree = () => {
    if (agreement === 'no' && keptWarnings.length > 0) {
      // Whatever was acknowledged was for another profile: the recommended one's is asked afresh.
      props.onKeepRecommended();
      setError({ field: 'capacityAcknowledged', message: MESSAGES.capacityAcknowledgementRequired });
      return;
    }
    const problem = validateAgreement(capacityAcknowledged, recommended, capacity);
    setError(problem);
    if (problem) {
      document.querySelector<HTMLElement>('#capacityAcknowledged')?.focus();
      return;
    }
    props.onAgree();
  };

  const acknowledgement = (
    <CapacityAcknowledgement
      checked={capacityAcknowledged}
      onCheckedChange={(value) => {
        if (error?.field === 'capacityAcknowledged') setError(null);
        props.onCapacityAcknowledge(value);
      }}
      error={errorFor('capacityAcknowledged')}
      disabled={pending}
    />
  );

  return (
    <Card aria-labelledby="agreement-title" data-testid="profile-decision">
      <div>
        <h2 id="agreement-title">Do you agree with this profile?</h2>
        <p className="card__description">
          The profile you confirm will guide the investment recommendations made to you.
        </p>
      </div>
      {agreement !== 'no' && keptWarnings.length > 0 ? (
        <div className="stack" data-testid="kept-profile-capacity">
          <p>
            The {recommended} profile goes beyond your time horizon or your capacity for loss, as explained
            above. To keep it, please confirm:
          </p>
          {acknowledgement}
        </div>
      ) : null}
      <div className="decision-buttons">
        <Button
          size="lg"
          aria-pressed={agreement === 'yes'}
          loading={pending && agreement === 'yes'}
          disabled={pending}
          onClick={agree}
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
              <ChangeWarning chosen={selectedProfile} recommended={recommended} grade={grade} />
              <TextAreaField
                id="changeReason"
                label={`Why do you feel ${selectedProfile} is more appropriate for you?`}
                hint={
                  grade === 'review'
                    ? `At least ${MIN_REVIEW_REASON_LENGTH} characters (${changeReason.trim().length} so far).`
                    : undefined
                }
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
          {selectedProfile && chosenWarnings.length > 0 ? (
            <div className="stack" data-testid="chosen-profile-capacity">
              <CapacityWarnings warnings={chosenWarnings} />
              {acknowledgement}
            </div>
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
