import type { RecordSummary } from '@risk-profile/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useCallback } from 'react';
import { buttonClass } from '../../../components/ui/button';
import { CheckboxField } from '../../../components/ui/checkbox';
import { InfiniteList } from '../../../components/ui/infinite-list';
import { SelectField } from '../../../components/ui/select-field';
import { useTimeZone } from '../../../lib/time-zone';
import { type RecordScope, recordListQueryOptions } from '../api/records-queries';
import { formatDate } from '../model/format';
import {
  clientContact,
  profileLabel,
  RECORD_STATUS_LABELS,
  reportDeliveryLabel,
  reviewBadge,
} from '../model/labels';
import { csvExportHref, type RecordFilters } from '../model/record-filters';
import { CapacityBadges } from './capacity-badges';
import { DebouncedTextField } from './debounced-text-field';
import '../records.css';

const STATUS_OPTIONS = [
  { value: 'all', label: 'All' },
  { value: 'in_progress', label: RECORD_STATUS_LABELS.in_progress },
  { value: 'signed', label: RECORD_STATUS_LABELS.signed },
] as const;

/**
 * The clients' assessments, newest first: search, filters and "Load more" by cursor. The same list
 * serves the adviser (their own clients) and the administrator (every adviser's, with an adviser
 * filter and the CSV export of what is shown).
 */
export function RecordList({
  scope,
  filters,
  onFiltersChange,
}: {
  scope: RecordScope;
  filters: RecordFilters;
  onFiltersChange: (filters: RecordFilters) => void;
}) {
  const query = useInfiniteQuery(recordListQueryOptions(scope, filters));
  const filtered = Boolean(
    filters.q || filters.status || filters.reviewDue || filters.adviser || filters.household,
  );

  const commitSearch = useCallback(
    (q: string) => onFiltersChange({ ...filters, q: q || undefined }),
    [filters, onFiltersChange],
  );
  const commitAdviser = useCallback(
    (adviser: string) => onFiltersChange({ ...filters, adviser: adviser.toLowerCase() || undefined }),
    [filters, onFiltersChange],
  );

  return (
    <section className="records" aria-labelledby="records-title">
      <div className="records__heading">
        <h2 id="records-title">{scope === 'admin' ? "All advisers' clients" : 'Client assessments'}</h2>
        {scope === 'admin' ? (
          // A plain link: the browser downloads the file with the session cookie.
          <a className={buttonClass('outline', 'sm')} href={csvExportHref(filters)} download>
            Export CSV
          </a>
        ) : null}
      </div>
      <search className="records__filters" aria-label="Filter assessments">
        <DebouncedTextField
          label="Search by name or email"
          type="search"
          value={filters.q ?? ''}
          onCommit={commitSearch}
          autoComplete="off"
        />
        <SelectField
          label="Status"
          value={filters.status ?? 'all'}
          options={STATUS_OPTIONS}
          onChange={(status) =>
            onFiltersChange({ ...filters, status: status === 'all' ? undefined : status })
          }
        />
        {scope === 'admin' ? (
          <DebouncedTextField
            label="Adviser (page address slug)"
            value={filters.adviser ?? ''}
            onCommit={commitAdviser}
            autoComplete="off"
            placeholder="e.g. demo-adviser"
          />
        ) : null}
        <CheckboxField
          label="Review due only"
          checked={filters.reviewDue === true}
          onCheckedChange={(checked) =>
            onFiltersChange({ ...filters, reviewDue: checked ? true : undefined })
          }
        />
        {filters.household ? (
          <p className="records__household-filter">
            One household's members only.{' '}
            <button
              type="button"
              className={buttonClass('outline', 'sm')}
              onClick={() => onFiltersChange({ ...filters, household: undefined })}
            >
              Show every client
            </button>
          </p>
        ) : null}
      </search>

      <InfiniteList
        query={query}
        loading="Loading assessments…"
        failure="Could not load the assessments"
        empty={
          <p className="records__empty">
            {filtered
              ? 'No assessments match these filters.'
              : scope === 'admin'
                ? 'No assessments yet.'
                : 'No client has started an assessment with you yet. Send a link, or share your page address.'}
          </p>
        }
        moreClassName="records__more"
      >
        {(items) => (
          <table className="records-table">
            <caption className="visually-hidden">Assessments, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Client</th>
                <th scope="col">Household</th>
                {scope === 'admin' ? <th scope="col">Adviser</th> : null}
                <th scope="col">Status</th>
                <th scope="col">Profile and score</th>
                <th scope="col">Started</th>
                <th scope="col">Signed</th>
                <th scope="col">Report</th>
              </tr>
            </thead>
            <tbody>
              {items.map((item) => (
                <RecordRow key={item.id} item={item} scope={scope} />
              ))}
            </tbody>
          </table>
        )}
      </InfiniteList>
    </section>
  );
}

function RecordRow({ item, scope }: { item: RecordSummary; scope: RecordScope }) {
  const zone = useTimeZone();
  const badge = reviewBadge(item);
  return (
    <tr>
      <td data-label="Client" className="records-table__client-cell">
        <div className="records-table__client">
          {scope === 'admin' ? (
            <Link to="/admin/assessments/$id" params={{ id: item.id }} className="records-table__name">
              {item.clientName}
            </Link>
          ) : (
            <Link to="/adviser/assessments/$id" params={{ id: item.id }} className="records-table__name">
              {item.clientName}
            </Link>
          )}
          <span className="records-table__contact">{clientContact(item)}</span>
        </div>
      </td>
      <td data-label="Household">
        <HouseholdCell item={item} scope={scope} />
      </td>
      {scope === 'admin' ? <td data-label="Adviser">{item.adviserSlug ?? 'None'}</td> : null}
      <td data-label="Status">
        <span className={`record-badge record-badge--${item.status}`}>
          {RECORD_STATUS_LABELS[item.status]}
        </span>
        {badge ? <span className="record-badge record-badge--review">{badge}</span> : null}
        <CapacityBadges summary={item} />
        {item.restrictedAt ? <RestrictedBadge restrictedAt={item.restrictedAt} /> : null}
      </td>
      <td data-label="Profile and score">
        {profileLabel(item)}
        <span className="records-table__muted"> · {item.riskScore} of 60</span>
      </td>
      <td data-label="Started">{formatDate(item.startedAt, zone)}</td>
      <td data-label="Signed">{formatDate(item.signedAt, zone)}</td>
      <td data-label="Report">{reportDeliveryLabel(item)}</td>
    </tr>
  );
}

/**
 * The household a member's assessment belongs to: the adviser opens the household; the
 * administrator, who has no household pages, lists its members.
 */
function HouseholdCell({ item, scope }: { item: RecordSummary; scope: RecordScope }) {
  const household = item.household;
  if (!household) return <span className="records-table__muted">None</span>;
  return scope === 'admin' ? (
    <Link to="/admin/assessments" search={{ household: household.id }}>
      {household.name}
    </Link>
  ) : (
    <Link to="/adviser/households/$id" params={{ id: household.id }}>
      {household.name}
    </Link>
  );
}

/** Processing restricted (an erasure refused within retention): only administrators see the record. */
export function RestrictedBadge({ restrictedAt }: { restrictedAt: string }) {
  const zone = useTimeZone();
  return (
    <span
      className="record-badge record-badge--restricted"
      title={`Restricted since ${formatDate(restrictedAt, zone)}`}
    >
      Restricted
    </span>
  );
}
