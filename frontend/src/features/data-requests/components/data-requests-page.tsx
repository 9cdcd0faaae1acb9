import type { DataSubject, ErasureResult, SubjectAssessment } from '@risk-profile/contracts';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClass } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError, errorMessage } from '../../../lib/api-client';
import {
  erasureAuditQueryOptions,
  exportHref,
  subjectAssessmentsQueryOptions,
  useEraseSubject,
} from '../api/data-requests';
import {
  formatDate,
  formatDateTime,
  OUTCOME_LABELS,
  plural,
  REASON_LABELS,
  STATUS_LABELS,
} from '../model/labels';
import { describeSubject, parseSubject } from '../model/subject-query';
import '../data-requests.css';

/**
 * /admin/data-requests: a client's request about their data. The administrator finds every
 * assessment of the client by email or mobile number, exports it all as a ZIP, or erases it (a
 * signed record inside its retention period is restricted instead, with the reason); the erasure
 * audit is below.
 */
export function DataRequestsPage() {
  const [input, setInput] = useState('');
  const [inputError, setInputError] = useState<string | null>(null);
  const [subject, setSubject] = useState<DataSubject | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [result, setResult] = useState<ErasureResult | null>(null);
  const erase = useEraseSubject();

  const find = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseSubject(input);
    if ('error' in parsed) {
      setInputError(parsed.error);
      return;
    }
    setInputError(null);
    setResult(null);
    erase.reset();
    setSubject(parsed.subject);
  };

  const confirmErase = async () => {
    if (!subject) return;
    try {
      setResult(await erase.mutateAsync(subject));
      setConfirming(false);
    } catch {
      // The dialog shows the failure.
    }
  };

  return (
    <div className="data-requests">
      <section className="data-requests__section" aria-labelledby="data-requests-find">
        <h2 id="data-requests-find">Find a client</h2>
        <form className="data-requests__form" onSubmit={find} noValidate>
          <TextField
            label="Client's email address or mobile number"
            hint="Every assessment with this email address (any case) or mobile number is found."
            value={input}
            onChange={(event) => setInput(event.target.value)}
            error={inputError}
            autoComplete="off"
            spellCheck={false}
          />
          <Button type="submit">Find</Button>
        </form>
      </section>
      {subject ? (
        <SubjectResults
          subject={subject}
          onErase={() => {
            erase.reset();
            setConfirming(true);
          }}
          result={result}
          confirming={confirming}
          onCancel={() => setConfirming(false)}
          onConfirm={confirmErase}
          erasing={erase.isPending}
          failure={erase.error ? errorMessage(erase.error) : null}
        />
      ) : null}
      <ErasureAudit />
    </div>
  );
}

function SubjectResults({
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
            <Button variant="destructive" onClick={onErase}>
              Erase
            </Button>
          </div>
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

function SubjectAssessmentCard({ item }: { item: SubjectAssessment }) {
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
          <dd>{formatDate(item.startedAt)}</dd>
        </div>
        <div>
          <dt>Signed</dt>
          <dd>{item.signedAt ? formatDate(item.signedAt) : 'Not signed'}</dd>
        </div>
        <div>
          <dt>Kept until</dt>
          <dd>{formatDate(item.retainedUntil)}</dd>
        </div>
        {item.restrictedAt ? (
          <div>
            <dt>Restricted since</dt>
            <dd>{formatDate(item.restrictedAt)}</dd>
          </div>
        ) : null}
      </dl>
    </li>
  );
}

function ErasureOutcome({ result }: { result: ErasureResult }) {
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
            <span className="data-requests__id">{item.assessmentId}</span>: {OUTCOME_LABELS[item.outcome]}
            {item.reason ? ` (${item.reason})` : ''}
            {item.outcome === 'restricted' && item.retainedUntil
              ? `; erased when its retention ends, ${formatDate(item.retainedUntil)}`
              : ''}
          </li>
        ))}
      </ul>
    </Alert>
  );
}

function ErasureAudit() {
  const query = useInfiniteQuery(erasureAuditQueryOptions());
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <section className="data-requests__section" aria-labelledby="data-requests-audit">
      <h2 id="data-requests-audit">Erasure audit</h2>
      <p className="data-requests__note">
        Every erasure and refusal, newest first: on request here, or by the retention job.
      </p>
      {query.isPending ? (
        <Spinner label="Loading the erasure audit..." />
      ) : query.isError ? (
        <Alert tone="error" title="Could not load the erasure audit">
          {errorMessage(query.error)}
        </Alert>
      ) : items.length === 0 ? (
        <p>Nothing erased yet.</p>
      ) : (
        <>
          <ul className="data-requests__list data-requests__audit">
            {items.map((entry) => (
              <li key={entry.id} className="data-requests__card">
                <p className="data-requests__name">
                  {OUTCOME_LABELS[entry.outcome]} · {REASON_LABELS[entry.reason]}
                </p>
                <dl className="data-requests__facts">
                  <div>
                    <dt>When</dt>
                    <dd>{formatDateTime(entry.at)}</dd>
                  </div>
                  <div>
                    <dt>By</dt>
                    <dd>{entry.actorEmail ?? 'Retention job'}</dd>
                  </div>
                  <div>
                    <dt>Assessment</dt>
                    <dd className="data-requests__id">{entry.assessmentId}</dd>
                  </div>
                  {entry.detail ? (
                    <div>
                      <dt>Detail</dt>
                      <dd>{entry.detail}</dd>
                    </div>
                  ) : null}
                </dl>
              </li>
            ))}
          </ul>
          {query.hasNextPage ? (
            <Button
              variant="outline"
              onClick={() => void query.fetchNextPage()}
              loading={query.isFetchingNextPage}
            >
              Show more
            </Button>
          ) : null}
        </>
      )}
    </section>
  );
}
