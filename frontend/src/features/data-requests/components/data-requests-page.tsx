import type { DataSubject, ErasureResult } from '@risk-profile/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { InfiniteList } from '../../../components/ui/infinite-list';
import { errorMessage } from '../../../lib/api-client';
import { useTimeZone } from '../../../lib/time-zone';
import { erasureAuditQueryOptions, useEraseSubject } from '../api/data-requests';
import { formatDateTime, OUTCOME_LABELS, REASON_LABELS } from '../model/labels';
import { parseSubject } from '../model/subject-query';
import { SubjectResults } from './subject-results';
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

function ErasureAudit() {
  const query = useInfiniteQuery(erasureAuditQueryOptions());
  const zone = useTimeZone();
  return (
    <section className="data-requests__section" aria-labelledby="data-requests-audit">
      <h2 id="data-requests-audit">Erasure audit</h2>
      <p className="data-requests__note">
        Every erasure and refusal, newest first: on request here, or by the retention job.
      </p>
      <InfiniteList
        query={query}
        loading="Loading the erasure audit..."
        failure="Could not load the erasure audit"
        empty={<p>Nothing erased yet.</p>}
        moreClassName="data-requests__more"
        moreLabel="Show more"
      >
        {(items) => (
          <ul className="data-requests__list data-requests__audit">
            {items.map((entry) => (
              <li key={entry.id} className="data-requests__card">
                <p className="data-requests__name">
                  {OUTCOME_LABELS[entry.outcome]} · {REASON_LABELS[entry.reason]}
                </p>
                <dl className="data-requests__facts">
                  <div>
                    <dt>When</dt>
                    <dd>{formatDateTime(entry.at, zone)}</dd>
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
        )}
      </InfiniteList>
    </section>
  );
}
