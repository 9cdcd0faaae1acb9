import {
  type HouseholdView as Household,
  MIN_REVIEW_REASON_LENGTH,
  PROFILE_NAMES,
  type ProfileName,
} from '@risk-profile/contracts';
import { type FormEvent, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Facts } from '../../../components/ui/facts';
import { TextAreaField } from '../../../components/ui/field';
import { RadioGroup } from '../../../components/ui/radio-group';
import { SelectField } from '../../../components/ui/select-field';
import { errorMessage } from '../../../lib/api-client';
import { useDates } from '../../../lib/time-zone';
import { useAgreeHouseholdProfile } from '../api/households-queries';
import {
  type AgreementOptions,
  type AgreementValues,
  agreementChoices,
  basisOf,
  checkAgreement,
  chosenProfile,
  emptyAgreement,
  membersBeyondCapacity,
  otherProfiles,
  reasonLength,
} from '../model/agreement';
import { agreementFlagText, BASIS_LABELS, memberName } from '../model/labels';

/**
 * The household's profile for joint money: agreed by the adviser once every member has signed,
 * then confirmed by each member from their own email. Agreeing again, before every member has
 * confirmed, replaces the agreement and asks each member again.
 */
export function AgreementSection({ household }: { household: Household }) {
  const [changing, setChanging] = useState(false);
  const { status, agreed } = household;
  const signed = household.members.filter((member) => member.status === 'signed').length;
  const showForm = status === 'ready_to_agree' || (status === 'awaiting_confirmations' && changing);
  return (
    <Card aria-labelledby="household-agreement">
      <h2 id="household-agreement">Household profile for joint money</h2>
      {status === 'awaiting_members' ? (
        <p>
          You can agree the household's profile once every member has signed their own assessment: {signed} of{' '}
          {household.members.length} have so far.
        </p>
      ) : null}
      {agreed ? <AgreedRecord household={household} /> : null}
      {status === 'confirmed' ? (
        <Alert tone="success" title="Every member has confirmed">
          The household report has been emailed to you and to each member.
        </Alert>
      ) : null}
      {showForm && household.options ? (
        <AgreementForm
          household={household}
          options={household.options}
          replacing={agreed !== null}
          onCancel={agreed !== null ? () => setChanging(false) : undefined}
          onDone={() => setChanging(false)}
        />
      ) : null}
      {status === 'awaiting_confirmations' && !changing ? (
        <div className="row">
          <Button variant="outline" onClick={() => setChanging(true)}>
            Agree a different profile
          </Button>
        </div>
      ) : null}
    </Card>
  );
}

function AgreedRecord({ household }: { household: Household }) {
  const dates = useDates();
  const agreed = household.agreed!;
  return (
    <div className="stack" data-testid="household-agreed">
      <Facts
        rows={[
          ['Agreed profile', agreed.profile],
          ['Basis', BASIS_LABELS[agreed.basis]],
          ['Reason', agreed.reason],
          ['Flagged', agreementFlagText(agreed, household.members)],
          ['Agreed by', agreed.agreedBy],
          ['Agreed', dates.long(agreed.agreedAt)],
        ]}
      />
      <h3>Confirmations</h3>
      <ul className="household__list" data-testid="household-confirmations">
        {household.members.map((member) => (
          <li key={member.memberId}>
            <strong>{memberName(member)}:</strong>{' '}
            {member.confirmedAt
              ? `confirmed ${dates.long(member.confirmedAt)}`
              : member.status === 'erased'
                ? 'data erased'
                : 'waiting for their confirmation (a link was emailed to them)'}
          </li>
        ))}
      </ul>
    </div>
  );
}

const CHOICE_LABEL_ID = 'agreement-choice-label';

function AgreementForm({
  household,
  options,
  replacing,
  onCancel,
  onDone,
}: {
  household: Household;
  options: AgreementOptions;
  replacing: boolean;
  onCancel: (() => void) | undefined;
  onDone: () => void;
}) {
  const agree = useAgreeHouseholdProfile(household.id);
  const [values, setValues] = useState<AgreementValues>(emptyAgreement);
  const [submitted, setSubmitted] = useState(false);
  const check = checkAgreement(values, options);
  const errors = submitted && !check.ok ? check.errors : {};
  const choices = agreementChoices(options);
  const profile = chosenProfile(values, options);
  const other = profile !== null && basisOf(profile, options) === 'other';
  const beyond = profile ? membersBeyondCapacity(household.members, profile) : [];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!check.ok) return;
    agree.mutate(check.body, { onSuccess: onDone });
  };

  return (
    <form className="household-form" onSubmit={submit} noValidate aria-labelledby="agreement-form-title">
      <h3 id="agreement-form-title">
        {replacing ? 'Agree a different profile' : "Agree the household's profile"}
      </h3>
      {replacing ? (
        <Alert tone="info">
          The new profile replaces the one agreed, and every member is asked to confirm it again.
        </Alert>
      ) : null}
      {agree.isError ? (
        <Alert tone="error" title="The profile was not recorded" testId="agreement-error">
          {errorMessage(agree.error)}
        </Alert>
      ) : null}
      <div className="field">
        <p className="field__label" id={CHOICE_LABEL_ID}>
          Profile for the household's joint money
        </p>
        <RadioGroup
          labelledBy={CHOICE_LABEL_ID}
          name="agreement-choice"
          value={values.choice}
          onValueChange={(value) => {
            const choice = choices.find((option) => option.value === value)?.value ?? null;
            setValues((previous) => ({ ...previous, choice }));
          }}
          options={choices}
          error={errors.choice ?? null}
        />
      </div>
      {values.choice === 'other' ? (
        <SelectField<ProfileName | ''>
          label="Another profile"
          value={values.otherProfile ?? ''}
          options={[
            { value: '', label: 'Choose a profile' },
            ...otherProfiles(options).map((name) => ({ value: name, label: name })),
          ]}
          onChange={(name) => setValues((previous) => ({ ...previous, otherProfile: name || null }))}
        />
      ) : null}
      {profile && beyond.length > 0 ? (
        <Alert tone="warning" title="Beyond a member's capacity for loss">
          {beyond
            .map(
              (member) =>
                `${memberName(member)} can bear ${PROFILE_NAMES[(member.maxGroupForCapacity ?? 1) - 1]} at most.`,
            )
            .join(' ')}{' '}
          Agreeing {profile} is flagged on the household record and report.
        </Alert>
      ) : null}
      <TextAreaField
        label="Reason"
        required
        rows={4}
        hint={
          other
            ? `Another profile than the lowest or the average needs a reason of at least ${MIN_REVIEW_REASON_LENGTH} characters (${reasonLength(values.reason)} so far), and is flagged on the record and report.`
            : "Why this profile suits the household's joint money. Each member reads it before confirming."
        }
        value={values.reason}
        onChange={(event) => setValues((previous) => ({ ...previous, reason: event.target.value }))}
        error={errors.reason ?? null}
      />
      <div className="row row--end">
        {onCancel ? (
          <Button variant="ghost" onClick={onCancel} disabled={agree.isPending}>
            Cancel
          </Button>
        ) : null}
        <Button type="submit" loading={agree.isPending}>
          {agree.isPending ? 'Recording…' : 'Record the agreed profile'}
        </Button>
      </div>
    </form>
  );
}
