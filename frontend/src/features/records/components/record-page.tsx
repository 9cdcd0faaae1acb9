import {
  displayIpAddress,
  type RecordDetail,
  RISK_ACKNOWLEDGEMENT_STATEMENT,
  type SignedRecord,
} from '@risk-profile/contracts';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { Alert } from '../../../components/ui/alert';
import { buttonClass } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { type RecordScope, recordQueryOptions, reportPdfHref } from '../api/records-queries';
import { capacityFacts } from '../model/capacity';
import {
  clientContact,
  DELIVERY_STATUS_LABELS,
  deliveryDescription,
  RECORD_STATUS_LABELS,
  reviewBadge,
} from '../model/labels';
import { consistencyItems, percentileFact } from '../model/record-facts';
import { predictionText, recordSections } from '../model/record-sections';
import { CapacityBadges } from './capacity-badges';
import { LoadFailure } from './query-parts';
import { RestrictedBadge } from './record-list';
import { ResendReport } from './resend-report';
import '../records.css';
import { useTimeZone } from '../../../lib/time-zone';
import { formatDate, formatDateTime } from '../model/format';

/** What the adviser's route adds to a record: the review link, which only an adviser can send. */
export type RecordAction = (record: RecordDetail) => ReactNode;

/** One assessment's record: for the adviser (their own clients) and the administrator (any). */
export function RecordPage({
  scope,
  id,
  actions,
}: {
  scope: RecordScope;
  id: string;
  actions?: RecordAction;
}) {
  const query = useQuery(recordQueryOptions(scope, id));
  useDocumentTitle(query.data ? `${query.data.clientName}: assessment record` : 'Assessment record');
  const back =
    scope === 'admin' ? (
      <Link to="/admin/assessments" className="records__back">
        ← All assessments
      </Link>
    ) : (
      <Link to="/adviser" className="records__back">
        ← Your clients
      </Link>
    );

  if (query.isPending) return <Spinner label="Loading the record…" />;
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404) {
      return (
        <Card>
          <h1>Assessment not found</h1>
          <p>
            There is no assessment at this address
            {scope === 'adviser' ? ' among your clients' : ''}. It may have been mistyped, or the link may be
            for another adviser's client.
          </p>
          <div className="row">{back}</div>
        </Card>
      );
    }
    return (
      <div className="stack">
        {back}
        <LoadFailure title="Could not load the record" error={query.error} />
      </div>
    );
  }
  return (
    <div className="record stack">
      {back}
      <RecordView record={query.data} scope={scope} actions={actions} />
    </div>
  );
}

function Facts({ rows }: { rows: readonly (readonly [string, ReactNode])[] }) {
  return (
    <dl className="record-facts">
      {rows.map(([label, value]) => (
        <div key={label} className="record-facts__row">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function RecordView({
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
              ? ([['Percentile', percentileFact(record.riskScore, signed.percentile)]] as const)
              : []),
            ['Risk group', `${record.riskGroup} of 5`],
            ...(signed
              ? ([
                  ['Predicted versus actual', predictionText(signed.responses, record.riskGroup) ?? '—'],
                ] as const)
              : []),
            ['Recommended profile', record.recommendedProfile],
            ['Chosen profile', record.selectedProfile],
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
        <History record={record} />
      </Card>
    </>
  );
}

/** Capacity for loss, apart from tolerance: as the report shows it, with each warning the client saw. */
function CapacityCard({ record }: { record: RecordDetail }) {
  const capacity = record.capacity;
  return (
    <Card aria-labelledby="record-capacity">
      <h2 id="record-capacity">Capacity for loss</h2>
      {capacity === null ? (
        <p>Not recorded yet: it is recorded from the client's answers when they sign.</p>
      ) : (
        <>
          {capacity.adviserReview ? (
            <Alert tone="warning" title="Review required">
              The client chose a profile two or more groups above the recommendation. It is flagged for the
              adviser's review.
            </Alert>
          ) : null}
          <Facts rows={capacityFacts(capacity)} />
          {capacity.warnings.length === 0 ? (
            <p>No warnings: the chosen profile fits the client's time horizon and capacity for loss.</p>
          ) : (
            <>
              <h3>Warnings the client was shown</h3>
              <ul className="record-warnings">
                {capacity.warnings.map((warning) => (
                  <li key={warning.id}>
                    <strong>{warning.title}:</strong> {warning.message}
                  </li>
                ))}
              </ul>
            </>
          )}
        </>
      )}
    </Card>
  );
}

/** The contradiction notes shown during the questionnaire and what the client changed, as the report lists them. */
function ConsistencyList({ signed }: { signed: SignedRecord }) {
  const { items, none } = consistencyItems(signed);
  if (none !== null) return <p>{none}</p>;
  return (
    <ul className="record-warnings">
      {items.map((item) => (
        <li key={item.key}>
          <strong>{item.title}:</strong> {item.explanation}
        </li>
      ))}
    </ul>
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

function SignedParts({ record, signed }: { record: RecordDetail; signed: SignedRecord }) {
  const zone = useTimeZone();
  return (
    <>
      <Card aria-labelledby="record-warnings">
        <h2 id="record-warnings">Consistency warnings</h2>
        <ConsistencyList signed={signed} />
      </Card>

      <Card aria-labelledby="record-answers">
        <h2 id="record-answers">Answers</h2>
        {recordSections(signed.responses).map((section) => (
          <section
            key={section.id}
            aria-labelledby={`record-section-${section.id}`}
            className="record-section"
          >
            <h3 id={`record-section-${section.id}`}>{section.title}</h3>
            <ol className="record-answers">
              {section.answers.map((answer) => (
                <li key={answer.number} value={answer.number}>
                  <p className="record-answers__question">{answer.question}</p>
                  <p className="record-answers__answer">{answer.answer}</p>
                  <p className="record-answers__score">{answer.score}</p>
                </li>
              ))}
            </ol>
          </section>
        ))}
      </Card>

      <Card aria-labelledby="record-choices">
        <h2 id="record-choices">Exclusions and preferences</h2>
        <Facts
          rows={[
            ['Investment exclusions', signed.investmentExclusions.trim() || 'None recorded'],
            ['Investment preferences', signed.investmentPreferences.trim() || 'None recorded'],
          ]}
        />
      </Card>

      {signed.adviser ? (
        <Card aria-labelledby="record-adviser">
          <h2 id="record-adviser">Adviser</h2>
          <Facts
            rows={[
              ['Adviser', signed.adviser.adviserName],
              ['Company', signed.adviser.companyName],
              ['Email', signed.adviser.email],
              ...(signed.adviser.licenceNumber
                ? ([['Licence or registration', signed.adviser.licenceNumber]] as const)
                : []),
            ]}
          />
        </Card>
      ) : null}

      <Card aria-labelledby="record-signature">
        <h2 id="record-signature">Signature</h2>
        <Facts
          rows={[
            ['Assessment id', <code key="id">{record.id}</code>],
            ['Signed at', formatDateTime(signed.signature.signedAt, zone)],
            ['IP address', displayIpAddress(signed.signature.ipAddress)],
            ['User agent', signed.signature.userAgent],
            [
              'SHA-256 digest',
              <code key="digest" className="record__digest">
                {signed.signature.digest}
              </code>,
            ],
          ]}
        />
        {record.verification ? (
          <div className="record__verification">
            <h3>How to verify it</h3>
            <p>{record.verification}</p>
          </div>
        ) : null}
      </Card>
    </>
  );
}

function History({ record }: { record: RecordDetail }) {
  const zone = useTimeZone();
  if (record.history.length === 0) return <p>Nothing recorded yet.</p>;
  return (
    <ol className="record-history">
      {record.history.map((entry) => (
        <li key={`${entry.at}-${entry.event}-${entry.delivery?.id ?? ''}`}>
          <time dateTime={entry.at}>{formatDateTime(entry.at, zone)}</time>
          <span>
            {entry.event === 'drafted'
              ? 'Started (draft saved)'
              : entry.event === 'signed'
                ? 'Signed by the client'
                : entry.delivery
                  ? `${deliveryDescription(entry.delivery)}: ${DELIVERY_STATUS_LABELS[entry.delivery.status]}${
                      entry.delivery.requestedBy ? `, requested by ${entry.delivery.requestedBy}` : ''
                    }`
                  : 'Delivery'}
          </span>
        </li>
      ))}
    </ol>
  );
}
