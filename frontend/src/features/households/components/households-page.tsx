import type { householdSummarySchema } from '@risk-profile/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { z } from 'zod';
import { buttonClass } from '../../../components/ui/button';
import { InfiniteList } from '../../../components/ui/infinite-list';
import { useDates } from '../../../lib/time-zone';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { householdListQueryOptions } from '../api/households-queries';
import { HOUSEHOLD_STATUS_LABELS, signedOfTotal } from '../model/labels';
import { FlagBadge, StatusBadge } from './badges';
import '../households.css';

type HouseholdSummary = z.infer<typeof householdSummarySchema>;

/** The adviser's households, newest first, a page at a time. */
export function HouseholdsPage() {
  useDocumentTitle('Households');
  const query = useInfiniteQuery(householdListQueryOptions());
  return (
    <section className="households" aria-labelledby="households-title">
      <header className="households__header">
        <h1 id="households-title">Households</h1>
        <Link to="/adviser/households/new" className={buttonClass('primary')}>
          New household
        </Link>
      </header>
      <p className="households__intro">
        Couples and families profiled together: each member answers from a link of their own, then you agree
        one profile for their joint money and each member confirms it.
      </p>
      <InfiniteList
        query={query}
        loading="Loading households…"
        failure="Could not load the households"
        empty={
          <p className="households__empty">
            You have no households yet. Create one to send each member their own questionnaire.
          </p>
        }
        moreClassName="households__more"
      >
        {(items) => (
          <table className="households-table households-table--list">
            <caption className="visually-hidden">Households, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Household</th>
                <th scope="col">Members</th>
                <th scope="col">Status</th>
                <th scope="col">Flags</th>
                <th scope="col">Created</th>
              </tr>
            </thead>
            <tbody>
              {items.map((item) => (
                <HouseholdRow key={item.id} item={item} />
              ))}
            </tbody>
          </table>
        )}
      </InfiniteList>
    </section>
  );
}

function HouseholdRow({ item }: { item: HouseholdSummary }) {
  const dates = useDates();
  return (
    <tr>
      <td data-label="Household" className="households-table__name-cell">
        <Link to="/adviser/households/$id" params={{ id: item.id }} className="households-table__name">
          {item.name}
        </Link>
      </td>
      <td data-label="Members">{signedOfTotal(item)}</td>
      <td data-label="Status">
        <StatusBadge status={item.status} label={HOUSEHOLD_STATUS_LABELS[item.status]} />
      </td>
      <td data-label="Flags">
        {item.flagged ? <FlagBadge /> : <span className="households__muted">None</span>}
      </td>
      <td data-label="Created">
        <time dateTime={item.createdAt}>{dates.day(item.createdAt)}</time>
      </td>
    </tr>
  );
}
