import { CAPACITY_LABELS, type HouseholdView as Household, PROFILE_NAMES } from '@risk-profile/contracts';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClass } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { errorMessage } from '../../../lib/api-client';
import { useDates } from '../../../lib/time-zone';
import { householdReportPdfHref } from '../api/households-queries';
import { HOUSEHOLD_STATUS_LABELS, MEMBER_STATUS_LABELS, memberContact, memberName } from '../model/labels';
import { AgreementSection } from './agreement-section';
import { FlagBadge, StatusBadge } from './badges';

type Member = Household['members'][number];

/** One household: its members side by side, where they differ, the flags, and the agreed profile. */
export function HouseholdView({
  household,
  refreshing,
  refreshError,
  onRefresh,
}: {
  household: Household;
  refreshing: boolean;
  refreshError: unknown;
  onRefresh: () => void;
}) {
  const dates = useDates();
  const signed = household.members.filter((member) => member.status === 'signed').length;
  return (
    <>
      <header className="household__header">
        <div>
          <h1 className="household__title">{household.name}</h1>
          <p className="household__meta" data-testid="household-meta">
            <StatusBadge status={household.status} label={HOUSEHOLD_STATUS_LABELS[household.status]} />
            {household.flags.length > 0 ? <FlagBadge /> : null}
            <span>
              {signed} of {household.members.length} signed · created {dates.day(household.createdAt)}
            </span>
          </p>
        </div>
        <div className="household__actions">
          {household.status === 'confirmed' ? (
            <a className={buttonClass('primary')} href={householdReportPdfHref(household.id)} download>
              Download household report (PDF)
            </a>
          ) : null}
          {/* Read on request, not on a timer: every read is a logged view of the members' records. */}
          <Button variant="outline" loading={refreshing} onClick={onRefresh}>
            Refresh
          </Button>
        </div>
      </header>
      {refreshError ? (
        <Alert tone="error" title="Could not refresh the household">
          {errorMessage(refreshError)}
        </Alert>
      ) : null}

      {household.flags.length > 0 ? (
        <Alert tone="warning" title="Check before agreeing the household's profile" testId="household-flags">
          <ul className="household__flags">
            {household.flags.map((flag) => (
              <li key={`${flag.id}-${flag.memberId ?? ''}-${flag.otherMemberId ?? ''}`}>{flag.message}</li>
            ))}
          </ul>
        </Alert>
      ) : null}

      <InPersonLinks household={household} />

      <Card aria-labelledby="household-members">
        <h2 id="household-members">Members side by side</h2>
        <MembersTable household={household} />
      </Card>

      <Card aria-labelledby="household-differences">
        <h2 id="household-differences">Where their answers differ most</h2>
        <Differences household={household} />
      </Card>

      <AgreementSection household={household} />
    </>
  );
}

/** A scrolling region a keyboard can reach, so six members never widen the page. */
function ScrollingTable({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls takes the keyboard's focus, or a keyboard cannot scroll it (WCAG 2.1.1).
    <section className="households-scroll" aria-label={label} tabIndex={0}>
      {children}
    </section>
  );
}

function MembersTable({ household }: { household: Household }) {
  const dates = useDates();
  const agreed = household.agreed !== null;
  const rows: [string, (member: Member) => ReactNode][] = [
    [
      'Status',
      (member) => <StatusBadge status={member.status} label={MEMBER_STATUS_LABELS[member.status]} />,
    ],
    ['Contact', memberContact],
    [
      'Risk score',
      (member) =>
        member.riskScore === null
          ? '—'
          : `${member.riskScore} of 60${member.riskGroup ? ` (group ${member.riskGroup} of 5)` : ''}`,
    ],
    ['Profile', (member) => member.profile ?? '—'],
    ['Recommended profile', (member) => member.recommendedProfile ?? '—'],
    [
      'Capacity for loss',
      (member) =>
        member.capacityForLoss === null
          ? '—'
          : `${CAPACITY_LABELS[member.capacityForLoss]}${
              member.maxGroupForCapacity
                ? `: bears ${PROFILE_NAMES[member.maxGroupForCapacity - 1]} at most`
                : ''
            }`,
    ],
    [
      'Signed',
      (member) =>
        member.signedAt ? dates.long(member.signedAt) : member.status === 'erased' ? '—' : 'Not signed yet',
    ],
    [
      'Confirmed',
      (member) => (member.confirmedAt ? dates.long(member.confirmedAt) : agreed ? 'Not confirmed yet' : '—'),
    ],
    [
      'Record',
      (member) =>
        member.assessmentId && member.status !== 'erased' ? (
          <Link to="/adviser/assessments/$id" params={{ id: member.assessmentId }}>
            Open record<span className="visually-hidden">: {memberName(member)}</span>
          </Link>
        ) : (
          '—'
        ),
    ],
  ];
  return (
    <ScrollingTable label="Members side by side">
      <table className="households-table households-table--compare" data-testid="household-members">
        <caption className="visually-hidden">Each member's status and results, one column each</caption>
        <thead>
          <tr>
            <td />
            {household.members.map((member) => (
              <th key={member.memberId} scope="col">
                {memberName(member)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map(([label, cell]) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              {household.members.map((member) => (
                <td key={member.memberId} data-label={label}>
                  {cell(member)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollingTable>
  );
}

function Differences({ household }: { household: Household }) {
  if (household.differences.length === 0) {
    const everyoneSigned = household.members.every((member) => member.status === 'signed');
    return (
      <p className="households__muted">
        {everyoneSigned
          ? 'The members answered every question alike.'
          : 'Shown once every member has signed: nothing a member enters is shown before then.'}
      </p>
    );
  }
  return (
    <ScrollingTable label="Where their answers differ most">
      <table className="households-table households-table--compare" data-testid="household-differences">
        <caption className="visually-hidden">The questions answered furthest apart, widest first</caption>
        <thead>
          <tr>
            <th scope="col">Question</th>
            {household.members.map((member) => (
              <th key={member.memberId} scope="col">
                {memberName(member)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {household.differences.map((difference) => (
            <tr key={difference.question}>
              <th scope="row">
                {difference.question}. {difference.label}
                <span className="households-table__score">
                  {difference.spread} {difference.spread === 1 ? 'point' : 'points'} apart
                </span>
              </th>
              {household.members.map((member) => {
                const answer = difference.answers.find((candidate) => candidate.memberId === member.memberId);
                return (
                  <td key={member.memberId}>
                    {answer ? (
                      <>
                        {answer.answer}
                        <span className="households-table__score">Score {answer.score} of 5</span>
                      </>
                    ) : (
                      '—'
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollingTable>
  );
}

/**
 * The questionnaire links of members sitting with the adviser who have not started: opened on this
 * device (a new tab keeps the household page open).
 */
function InPersonLinks({ household }: { household: Household }) {
  const open = household.members.flatMap((member) =>
    member.inPersonUrl ? [{ member, url: member.inPersonUrl }] : [],
  );
  if (open.length === 0) return null;
  return (
    <Card tone="accent" aria-labelledby="household-in-person">
      <h2 id="household-in-person">Sitting with you now</h2>
      <p className="card__description">
        No link was sent to these members: open their questionnaire here and hand them the device. Their link
        is shown here until they start.
      </p>
      <ul className="household__links">
        {open.map(({ member, url }) => (
          <li key={member.memberId}>
            <a className={buttonClass('primary')} href={url} target="_blank" rel="noreferrer">
              Open {memberName(member)}'s questionnaire
              <span className="visually-hidden"> (opens in a new tab)</span>
            </a>
            <code className="household__link-value">{url}</code>
          </li>
        ))}
      </ul>
    </Card>
  );
}
