import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import {
  formatCell,
  formatDuration,
  isNumericType,
  pageCount,
  pageOf,
  type QueryRun,
  type RowLimit,
  reachedRowLimit,
} from '../model/query-result';

/** What the query returned and how long it took; the rows a page at a time. */
export function ResultView({ run, rowLimit }: { run: QueryRun; rowLimit: RowLimit | null }) {
  const { result } = run;
  const rowCount = result.kind === 'table' ? result.rows.length : null;
  return (
    <section className="analyst-result" aria-labelledby="analyst-result-title">
      <h2 id="analyst-result-title">Result</h2>
      <p className="analyst-result__summary" role="status">
        {rowCount === null
          ? 'Answer in the format the query asked for'
          : `${rowCount.toLocaleString()} ${rowCount === 1 ? 'row' : 'rows'}`}
        {' · '}
        {run.serverMs === null ? null : `${formatDuration(run.serverMs)} on the server, `}
        {`${formatDuration(run.roundTripMs)} round trip`}
      </p>
      {result.kind === 'text' ? (
        <section
          className="analyst-result__text"
          aria-label="Answer text"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls takes focus, so a keyboard can scroll it
          tabIndex={0}
        >
          <pre>{result.text}</pre>
        </section>
      ) : (
        <>
          {rowCount !== null && reachedRowLimit(rowCount, rowLimit) ? (
            <p className="analyst-result__limit" role="note">
              The result reached the limit of {rowLimit?.rows.toLocaleString()} rows per query, so there may
              be more rows than shown. Add a LIMIT, a WHERE or an aggregate to see all of what you need.
            </p>
          ) : null}
          <PagedTable columns={result.columns} rows={result.rows} />
        </>
      )}
    </section>
  );
}

/** The result's rows, RESULT_PAGE_SIZE at a time, with the page's place among them. */
export function PagedTable({
  columns,
  rows,
}: {
  columns: readonly { name: string; type: string }[];
  rows: readonly (readonly unknown[])[];
}) {
  const [requested, setPage] = useState(0);
  const page = pageOf(rows, requested);
  const pages = pageCount(rows.length);
  if (rows.length === 0) return <p className="analyst__empty">The query returned no rows.</p>;
  const numeric = columns.map((column) => isNumericType(column.type));
  return (
    <>
      <section
        className="analyst-result__scroll"
        aria-label="Result rows"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls takes focus, so a keyboard can scroll it
        tabIndex={0}
      >
        <table className="analyst-table">
          <caption className="visually-hidden">
            Rows {page.first + 1} to {page.first + page.rows.length} of {rows.length}
          </caption>
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column.name} scope="col" title={column.type}>
                  {column.name}
                  <span className="analyst-table__type">{column.type}</span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {page.rows.map((row, index) => (
              // Rows have no identity of their own; their place in the result is theirs.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above.
              <tr key={page.first + index}>
                {row.map((value, column) => (
                  <td
                    // biome-ignore lint/suspicious/noArrayIndexKey: cells are columns in order.
                    key={column}
                    className={
                      [
                        numeric[column] ? 'analyst-table__number' : '',
                        value === null ? 'analyst-table__null' : '',
                      ]
                        .filter(Boolean)
                        .join(' ') || undefined
                    }
                  >
                    {formatCell(value)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      {pages > 1 ? (
        <nav className="analyst-result__pages" aria-label="Result pages">
          <Button
            variant="outline"
            size="sm"
            onClick={() => setPage(page.page - 1)}
            disabled={page.page === 0}
          >
            Previous
          </Button>
          <span aria-live="polite">
            Page {page.page + 1} of {pages} (rows {page.first + 1}–{page.first + page.rows.length})
          </span>
          <Button
            variant="outline"
            size="sm"
            onClick={() => setPage(page.page + 1)}
            disabled={page.page === pages - 1}
          >
            Next
          </Button>
        </nav>
      ) : null}
    </>
  );
}
