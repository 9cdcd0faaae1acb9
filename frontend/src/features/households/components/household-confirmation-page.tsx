import { compareProfiles, type householdConfirmationSchema } from '@risk-profile/contracts';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import type { z } from 'zod';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Facts } from '../../../components/ui/facts';
import { TextField } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useDates } from '../../../lib/time-zone';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { householdConfirmationQueryOptions, useConfirmHouseholdProfile } from '../api/household-confirmation';
import { signatureProblem } from '../model/confirmation';
import '../households.css';

type Confirmation = z.infer<typeof householdConfirmationSchema>;

/**
 * /household-confirm?token=…: the page a member's confirmation email links to. The member reads
 * the household's agreed profile beside their own, then signs by typing their full name.
 */
export function HouseholdConfirmationPage({ token }: { token: string | undefined }) {
  useDocumentTitle("Confirm your household's Risk Profile");
  return (
    <div className="page">
      <section className="card household-confirm stack" aria-labelledby="household-confirm-title">
        <h1 id="household-confirm-title">Confirm your household's Risk Profile</h1>
        {token ? (
          <ConfirmationContent token={token} />
        ) : (
          <Alert tone="error" title="This link is incomplete" testId="household-confirm-error">
            Open the whole link from your confirmation email, or ask your adviser for a new one.
          </Alert>
        )}
      </section>
    </div>
  );
}

function ConfirmationContent({ token }: { token: string }) {
  const query = useQuery(householdConfirmationQueryOptions(token));
  if (query.isPending) return <Spinner label="Opening your confirmation…" />;
  if (query.isError) {
    return (
      <Alert tone="error" title="This confirmation link cannot be used" testId="household-confirm-error">
        {errorMessage(query.error)}
      </Alert>
    );
  }
  const confirmation = query.data;
  return (
    <>
      <p className="households__intro">
        {confirmation.adviserName} at {confirmation.companyName} has recorded one Risk Profile for the money{' '}
        {confirmation.householdName} invest together. Each member answered the questionnaire alone; each
        confirms the household's profile with a signature of their own.
      </p>
      <div data-testid="household-confirmation-facts">
        <Facts
          rows={[
            ['Household', confirmation.householdName],
            ['Your adviser', `${confirmation.adviserName}, ${confirmation.companyName}`],
            ['Your own Risk Profile', confirmation.ownProfile],
            ["The household's agreed profile", confirmation.agreedProfile],
            ["Your adviser's reason", confirmation.reason],
          ]}
        />
      </div>
      {confirmation.confirmedAt ? (
        <Confirmed confirmation={confirmation} />
      ) : (
        <>
          <ProfileWarnings confirmation={confirmation} />
          <SignForm token={token} confirmation={confirmation} />
        </>
      )}
    </>
  );
}

/** Plain words when the agreement was flagged, or takes more risk than the member's own profile. */
function ProfileWarnings({ confirmation }: { confirmation: Confirmation }) {
  const comparison = compareProfiles(confirmation.agreedProfile, confirmation.ownProfile);
  if (!confirmation.flagged && comparison !== 'higher') return null;
  return (
    <Alert tone="warning" title="Please read this before you confirm" testId="household-confirm-warning">
      {comparison === 'higher' ? (
        <p>
          The household's profile, {confirmation.agreedProfile}, takes more risk than your own profile,{' '}
          {confirmation.ownProfile}: in a bad year your joint money could fall further than you said you were
          comfortable with.
        </p>
      ) : null}
      {confirmation.flagged ? (
        <p>
          Your adviser's record flags this agreement: the profile is not the lowest or the average of the
          members' profiles, or it goes beyond what one member can afford to lose. If anything is unclear, ask
          your adviser before you confirm.
        </p>
      ) : null}
    </Alert>
  );
}

function SignForm({ token, confirmation }: { token: string; confirmation: Confirmation }) {
  const confirm = useConfirmHouseholdProfile(token);
  const [name, setName] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const problem = signatureProblem(token, name);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (problem === null) confirm.mutate(name.trim());
  };

  return (
    <form
      className="household-form"
      onSubmit={submit}
      noValidate
      aria-label="Confirm the household's profile"
    >
      {confirm.isError ? (
        <Alert tone="error" title="Your confirmation was not recorded" testId="household-confirm-error">
          {errorMessage(confirm.error)}
        </Alert>
      ) : null}
      <TextField
        label="Type your full name to sign"
        hint={`Typing your full name and pressing Confirm signs your agreement to ${confirmation.agreedProfile} for the household's joint money. The time of signing is recorded.`}
        autoComplete="name"
        required
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={submitted ? problem : null}
      />
      <Button type="submit" size="lg" loading={confirm.isPending}>
        {confirm.isPending ? 'Confirming…' : 'Confirm'}
      </Button>
    </form>
  );
}

function Confirmed({ confirmation }: { confirmation: Confirmation }) {
  const dates = useDates();
  return (
    <Alert tone="success" title={`Thank you, ${confirmation.memberName}`} testId="household-confirmed">
      <p>
        You confirmed {confirmation.agreedProfile} for {confirmation.householdName} on{' '}
        <time dateTime={confirmation.confirmedAt ?? undefined}>{dates.long(confirmation.confirmedAt)}</time>.
        Once every member has confirmed, the household report is emailed to you and to{' '}
        {confirmation.adviserName}.
      </p>
    </Alert>
  );
}
