import type { DataSubject, ErasureResult, SubjectAssessment } from '@risk-profile/contracts';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClass } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useTimeZone } from '../../../lib/time-zone';
import { exportHref, subjectAssessmentsQueryOptions } from '../api/data-requests';
import { formatDate, OUTCOME_LABELS, plural, STATUS_LABELS } from '../model/labels';
import { describeSubject } from '../model/subject-query';

/** The assessments found for one client, their export and erasure, and the last erasure's outcome. */
export function SubjectResults({
  subject,
  result,
  onErase,
  confirming,
  onCancel,
  onConfirm,
  erasing,
  failure,
}: {
  subject: DataSubject;
  result: ErasureResult | null;
  onErase: () => void;
  confirming: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  erasing: boolean;
  failure: string | null;
}) {
  const query = useQuery(subjectAssessmentsQueryOptions(subject));
  const who = describeSubject(subject);
  const items = query.data?.items ?? [];
  // A restricted record inside its retention is restricted again by another erasure: nothing changes.
  const canErase = items.some((item) => erasable(item, Date.now()));
  const nothingToEraseId = useId();
  return (
    <section
      className="data-requests__section"
      aria-labelledby="data-requests-found"
      aria-busy={query.isFetching}
    >
      <h2 id="data-requests-found">Assessments of {who}</h2>
      {result ? <ErasureOutcome result={result} /> : null}
      {query.isPending ? (
        <Spinner label="Finding the client's assessments..." />
      ) : query.isError ? (
        <Alert tone="error" title="Could not find the client's assessments">
          {query.error instanceof ApiError && query.error.status === 401
            ? 'Your session has ended: sign in again.'
            : errorMessage(query.error)}
        </Alert>
      ) : items.length === 0 ? (
        <p role="status">No assessment matches {who}.</p>
      ) : (
        <>
          <p role="status">{plural(items.length, 'assessment')} found.</p>
          <ul className="data-requests__list">
            {items.map((item) => (
              <SubjectAssessmentCard key={item.id} item={item} />
            ))}
          </ul>
          <div className="data-requests__actions">
            <a className={buttonClass('outline')} href={exportHref(subject)} download>
              Export data (ZIP)
            </a>
            <Button
              variant="destructive"
              onClick={onErase}
              disabled={!canErase}
              aria-describedby={canErase ? undefined : nothingToEraseId}
            >
              Erase
            </Button>
          </div>
          {canErase ? null : (
            <p className="data-requests__note" id={nothingToEraseId}>
              Nothing more can be erased now: every assessment found is a signed record whose processing is
              restricted until its retention ends, when it is erased.
            </p>
          )}
          <Dialog
            open={confirming}
            onOpenChange={(open) => (open ? undefined : onCancel())}
            title={`Erase ${plural(items.length, 'assessment')} of ${who}?`}
            description={`The personal data of ${plural(items.length, 'assessment')} is erased for good: it cannot be read again by anyone. A signed record still inside its retention period is not erased: its processing is restricted instead (no more messages, hidden from its adviser).`}
            testId="erase-confirm-dialog"
            footer={
              <>
                <Button variant="outline" onClick={onCancel} disabled={erasing}>
                  Cancel
                </Button>
                <Button variant="destructive" onClick={onConfirm} loading={erasing}>
                  Erase {plural(items.length, 'assessment')}
                </Button>
              </>
            }
          >
            {failure ? <Alert tone="error">{failure}</Alert> : null}
          </Dialog>
        </>
      )}
    </section>
  );
}

/** Whether an erasure would change the assessment: anything but a restricted record still kept. */
const erasable = (item: SubjectAssessment, now: number): boolean =>
  item.restrictedAt === null || Date.parse(item.retainedUntil) <= now;

function SubjectAssessmentCard({ item }: { item: SubjectAssessment }) {
  const zone = useTimeZone();
  return (
    <li className="data-requests__card">
      <p className="data-requests__name">
        {item.clientName}
        <span className="data-requests__id"> · {item.id}</span>
      </p>
      <dl className="data-requests__facts">
        <div>
          <dt>Status</dt>
          <dd>
            {STATUS_LABELS[item.status]}
            {item.restrictedAt ? <span className="data-requests__badge">Restricted</span> : null}
          </dd>
        </div>
        <div>
          <dt>Adviser</dt>
          <dd>{item.adviserSlug ?? 'None'}</dd>
        </div>
        <div>
          <dt>Started</dt>
          <dd>{formatDate(item.startedAt, zone)}</dd>
        </div>
        <div>
          <dt>Signed</dt>
          <dd>{item.signedAt ? formatDate(item.signedAt, zone) : 'Not signed'}</dd>
        </div>
        <div>
          <dt>Kept until</dt>
          <dd>{formatDate(item.retainedUntil, zone)}</dd>
        </div>
        {item.restrictedAt ? (
          <div>
            <dt>Restricted since</dt>
            <dd>{formatDate(item.restrictedAt, zone)}</dd>
          </div>
        ) : null}
      </dl>
    </li>
  );
}

function ErasureOutcome({ result }: { result: ErasureResult }) {
  const zone = useTimeZone();
  const erased = result.items.filter((item) => item.outcome !== 'restricted').length;
  const restricted = result.items.length - erased;
  return (
    <Alert
      tone={restricted > 0 ? 'warning' : 'success'}
      title={
        restricted > 0
          ? `${plural(erased, 'assessment')} erased; ${plural(restricted, 'signed record')} restricted instead`
          : `${plural(erased, 'assessment')} erased`
      }
      testId="erasure-outcome"
    >
      <ul className="data-requests__outcomes">
        {result.items.map((item) => (
          <li key={item.assessmentId}>
            <span className="data-requests__id">{item.assessmentId}</span>: {OUTCOME_LABELS[item.outcome]}.
            {item.reason ? ` ${item.reason}` : ''}
            {item.outcome === 'restricted' && item.retainedUntil
              ? ` It is erased when its retention ends, on ${formatDate(item.retainedUntil, zone)}.`
              : ''}
          </li>
        ))}
      </ul>
    </Alert>
  );
}
