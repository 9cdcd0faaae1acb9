import { useQuery } from '@tanstack/react-query';
import { Alert } from '../../../components/ui/alert';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { analyticsSchemaQueryOptions } from '../api/analyst-queries';

/** The analytics database's tables and columns with their types and comments (the docs' words). */
export function SchemaPanel() {
  const schema = useQuery(analyticsSchemaQueryOptions());
  return (
    <section className="analyst-schema" aria-labelledby="analyst-schema-title">
      <h2 id="analyst-schema-title">Schema</h2>
      <p className="analyst__note">
        Database <code>analytics</code>. Read the event tables with <code>FINAL</code>, or fold per session
        first.
      </p>
      {schema.isPending ? (
        <Spinner label="Loading the schema…" />
      ) : schema.isError ? (
        <Alert tone="error" title="Could not load the schema">
          {errorMessage(schema.error)}
        </Alert>
      ) : (
        <ul className="analyst-schema__tables">
          {schema.data.map((table) => (
            <li key={table.name}>
              <details>
                <summary>
                  <code>analytics.{table.name}</code>
                </summary>
                {table.comment ? <p className="analyst__note">{table.comment}</p> : null}
                <dl className="analyst-schema__columns">
                  {table.columns.map((column) => (
                    <div key={column.name}>
                      <dt>
                        <code>{column.name}</code> <span className="analyst-table__type">{column.type}</span>
                      </dt>
                      {column.comment ? <dd>{column.comment}</dd> : null}
                    </div>
                  ))}
                </dl>
              </details>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
