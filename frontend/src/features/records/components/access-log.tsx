import { ACCESS_LOG_ACTIONS, type AccessLogAction } from '@risk-profile/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useCallback } from 'react';
import { InfiniteList } from '../../../components/ui/infinite-list';
import { SelectField } from '../../../components/ui/select-field';
import { useTimeZone } from '../../../lib/time-zone';
import { accessLogQueryOptions } from '../api/records-queries';
import { formatDateTime } from '../model/format';
import { ACCESS_LOG_ACTION_LABELS } from '../model/labels';
import type { AccessLogFilters } from '../model/record-filters';
import { DebouncedTextField } from './debounced-text-field';
import '../records.css';

const ACTION_OPTIONS: readonly { value: AccessLogAction | 'all'; label: string }[] = [
  { value: 'all', label: 'All' },
  ...ACCESS_LOG_ACTIONS.map((action) => ({ value: action, label: ACCESS_LOG_ACTION_LABELS[action] })),
];

/** Who viewed, downloaded, resent or exported which record, newest first. */
export function AccessLog({
  filters,
  onFiltersChange,
}: {
  filters: AccessLogFilters;
  onFiltersChange: (filters: AccessLogFilters) => void;
}) {
  const query = useInfiniteQuery(accessLogQueryOptions(filters));
  const zone = useTimeZone();
  const commitActor = useCallback(
    (actor: string) => onFiltersChange({ ...filters, actor: actor || undefined }),
    [filters, onFiltersChange],
  );
  const commitAssessment = useCallback(
    (assessment: string) =>
      onFiltersChange({ ...filters, assessment: assessment.toLowerCase() || undefined }),
    [filters, onFiltersChange],
  );
  return (
    <section className="records" aria-labelledby="access-log-title">
      <h2 id="access-log-title" className="visually-hidden">
        Entries
      </h2>
      <search className="records__filters" aria-label="Filter the access log">
        <DebouncedTextField label="Actor (email)" value={filters.actor ?? ''} onCommit={commitActor} />
        <SelectField
          label="Action"
          value={filters.action ?? 'all'}
          options={ACTION_OPTIONS}
          onChange={(action) =>
            onFiltersChange({ ...filters, action: action === 'all' ? undefined : action })
          }
        />
        <DebouncedTextField
          label="Assessment id"
          value={filters.assessment ?? ''}
          onCommit={commitAssessment}
          autoComplete="off"
        />
      </search>
      <InfiniteList
        query={query}
        loading="Loading the access log…"
        failure="Could not load the access log"
        empty={<p className="records__empty">No access matches these filters.</p>}
        moreClassName="records__more"
      >
        {(items) => (
          <table className="records-table">
            <caption className="visually-hidden">Access log, newest first</caption>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Who</th>
                <th scope="col">Action</th>
                <th scope="col">Assessment</th>
                <th scope="col">IP address</th>
              </tr>
            </thead>
            <tbody>
              {items.map((entry) => (
                <tr key={entry.id}>
                  <td data-label="When">
                    <time dateTime={entry.at}>{formatDateTime(entry.at, zone)}</time>
                  </td>
                  <td data-label="Who">
                    {entry.actorEmail}
                    <span className="records-table__muted"> ({entry.actorRole})</span>
                  </td>
                  <td data-label="Action">
                    {ACCESS_LOG_ACTION_LABELS[entry.action]}
                    {entry.detail ? <span className="records-table__muted"> · {entry.detail}</span> : null}
                  </td>
                  <td data-label="Assessment">
                    {entry.assessmentId ? (
                      <Link to="/admin/assessments/$id" params={{ id: entry.assessmentId }}>
                        <code>{entry.assessmentId.slice(0, 8)}</code>
                        <span className="visually-hidden"> (assessment {entry.assessmentId})</span>
                      </Link>
                    ) : (
                      '—'
                    )}
                  </td>
                  <td data-label="IP address">{entry.ipAddress}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </InfiniteList>
    </section>
  );
}
