import type { AnalystQueryLogEntry } from '@risk-profile/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { InfiniteList } from '../../../components/ui/infinite-list';
import { useDates } from '../../../lib/time-zone';
import { analystQueryLogQueryOptions } from '../api/analyst-queries';
import { formatDuration } from '../model/query-result';
import '../analyst.css';

const OUTCOME_LABELS = { ok: 'Answered', refused: 'Refused', failed: 'Failed' } as const;

/** Every analyst query through /clickhouse, newest first: who, when, what, and how it ended. */
export function AnalystQueryLog() {
  const query = useInfiniteQuery(analystQueryLogQueryOptions());
  return (
    <InfiniteList
      query={query}
      loading="Loading the analyst queries…"
      failure="Could not load the analyst queries"
      empty={<p className="analyst__empty">No analyst has run a query yet.</p>}
      moreClassName="analyst__more"
    >
      {(items) => <QueryLogTable items={items} />}
    </InfiniteList>
  );
}

function QueryLogTable({ items }: { items: readonly AnalystQueryLogEntry[] }) {
  const dates = useDates();
  return (
    <section aria-labelledby="analyst-query-log-title">
      <h2 id="analyst-query-log-title" className="visually-hidden">
        Queries
      </h2>
      <section
        className="analyst-result__scroll"
        aria-label="Analyst queries"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls takes focus, so a keyboard can scroll it
        tabIndex={0}
      >
        <table className="analyst-table analyst-table--list">
          <caption className="visually-hidden">Analyst queries, newest first</caption>
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Who</th>
              <th scope="col">Query</th>
              <th scope="col">Outcome</th>
              <th scope="col">Rows</th>
              <th scope="col">Time</th>
            </tr>
          </thead>
          <tbody>
            {items.map((entry) => (
              <tr key={entry.id}>
                <td>
                  <time dateTime={entry.at}>{dates.short(entry.at)}</time>
                </td>
                <td>{entry.analystEmail}</td>
                <td>
                  <pre className="analyst-log__query">{entry.query}</pre>
                  {entry.format ? <span className="analyst-table__type">{entry.format}</span> : null}
                </td>
                <td>
                  <span>{OUTCOME_LABELS[entry.outcome]}</span>
                  {entry.error ? (
                    <span className="analyst-log__error">
                      {entry.errorCode === null ? '' : `Code ${entry.errorCode}: `}
                      {entry.error}
                    </span>
                  ) : null}
                </td>
                <td className="analyst-table__number">
                  {entry.rows === null ? '—' : entry.rows.toLocaleString()}
                </td>
                <td className="analyst-table__number">{formatDuration(entry.elapsedMs)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </section>
  );
}
