import {
  type RecordDetail,
  RISK_ACKNOWLEDGEMENT_STATEMENT,
  type SignedRecord,
} from '@risk-profile/contracts';
import type { ReactNode } from 'react';
import { Alert } from '../../../components/ui/alert';
import { buttonClass } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Facts } from '../../../components/ui/facts';
import { useTimeZone } from '../../../lib/time-zone';
import { type RecordScope, reportPdfHref } from '../api/records-queries';
import { formatDate, formatDateTime } from '../model/format';
import { clientContact, RECORD_STATUS_LABELS, reviewBadge } from '../model/labels';
import { percentileFact } from '../model/record-facts';
import { predictionText } from '../model/record-sections';
import { CapacityBadges } from './capacity-badges';
import { CapacityCard } from './capacity-card';
import { RecordHistory } from './record-history';
import { RestrictedBadge } from './record-list';
import { ResendReport } from './resend-report';
import { SignedParts } from './signed-parts';

/** What the adviser's route adds to a record: the review link, which only an adviser can send. */
export type RecordAction = (record: RecordDetail) => ReactNode;

/** One record, part by part, as the report has them; what exists so far while it is not signed. */
export function RecordView({
  record,
  scope,
  actions,
}: {
  record: RecordDetail;
  scope: RecordScope;
  actions?: RecordAction;
}) {
  const zone = useTimeZone();
  const signed = record.signed;
  const badge = reviewBadge(record);
  return (
    <>
      <header className="record__header">
        <div>
          <h1 className="record__title">{record.clientName}</h1>
          <p className="record__meta">
            <span className={`record-badge record-badge--${record.status}`}>
              {RECORD_STATUS_LABELS[record.status]}
            </span>
            {badge ? (
              <span className="record-badge record-badge--review">
                {badge}
                {record.reviewDueAt ? ` since ${formatDate(record.reviewDueAt, zone)}` : ''}
              </span>
            ) : null}
            <CapacityBadges summary={record} />
            {record.restrictedAt ? <RestrictedBadge restrictedAt={record.restrictedAt} /> : null}
            <span>{clientContact(record)}</span>
          </p>
        </div>
        <div className="record__actions">
          {signed ? (
            <a className={buttonClass('primary')} href={reportPdfHref(scope, record.id)} download>
              Download PDF
            </a>
          ) : null}
          {actions?.(record)}
        </div>
      </header>

      {signed ? null : (
        <Alert tone="info" title="Not signed yet">
          The client has started this assessment but has not signed it. This is what exists so far; the
          answers, signature and report appear once it is signed.
        </Alert>
      )}

      <Card aria-labelledby="record-client">
        <h2 id="record-client">Client</h2>
        <Facts
          rows={[
            ['Name', record.clientName],
            ['Email', record.clientEmail ?? 'Not given'],
            ['Mobile', record.clientPhone ?? 'Not given'],
            ['Started', formatDateTime(record.startedAt, zone)],
            ['Signed', record.signedAt ? formatDateTime(record.signedAt, zone) : 'Not signed yet'],
            ...(record.reviewDueAt ? ([['Review due', formatDate(record.reviewDueAt, zone)]] as const) : []),
            ...(scope === 'admin' ? ([['Adviser', record.adviserSlug ?? 'None']] as const) : []),
          ]}
        />
      </Card>

      <Card aria-labelledby="record-results">
        <h2 id="record-results">Results</h2>
        <Facts
          rows={[
            ['Risk score', `${record.riskScore} out of 60`],
            ...(signed
              ? ([
                  [
                    'Percentile',
                    percentileFact(record.riskScore, signed.percentile, record.questionnaireVersion),
                  ],
                ] as const)
              : []),
            ['Risk group', `${record.riskGroup} of 5`],
            ...(signed
              ? ([
                  ['Predicted versus actual', predictionText(signed.responses, record.riskGroup) ?? '—'],
                ] as const)
              : []),
            ['Recommended profile', record.recommendedProfile],
            ['Chosen profile', record.selectedProfile],
            ['Questionnaire', `Version ${record.questionnaireVersion}`],
          ]}
        />
        {record.aboveRecommendation ? (
          <Alert tone="warning" title="Chosen above the recommendation">
            The client chose {record.selectedProfile}, a higher-risk profile than the recommended{' '}
            {record.recommendedProfile}.
          </Alert>
        ) : null}
        {signed && record.profileChanged ? <ProfileChange signed={signed} /> : null}
      </Card>

      <CapacityCard record={record} />

      {signed ? <SignedParts record={record} signed={signed} /> : null}

      {scope === 'adviser' && signed ? (
        <Card aria-labelledby="record-resend">
          <h2 id="record-resend">Send the report again</h2>
          <p className="card__description">
            The same PDF as the email, sent as a new delivery. It appears in the history below.
          </p>
          <ResendReport id={record.id} clientReachable={Boolean(record.clientEmail || record.clientPhone)} />
        </Card>
      ) : null}

      <Card aria-labelledby="record-history">
        <h2 id="record-history">History</h2>
        <RecordHistory record={record} />
      </Card>
    </>
  );
}

function ProfileChange({ signed }: { signed: SignedRecord }) {
  return (
    <Facts
      rows={[
        ['Reason for the change', signed.profileChangeReason ?? 'None given'],
        [
          'Risk acknowledgement',
          signed.riskAcknowledged ? `Acknowledged: "${RISK_ACKNOWLEDGEMENT_STATEMENT}"` : 'Not acknowledged',
        ],
      ]}
    />
  );
}
