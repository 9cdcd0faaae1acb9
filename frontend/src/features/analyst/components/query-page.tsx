import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { displaySettingsQueryOptions } from '../../../lib/time-zone';
import { rowLimitQueryOptions } from '../api/analyst-queries';
import { fetchCsv, runQuery } from '../api/clickhouse';
import { queryParameters } from '../model/query-parameters';
import { csvFileName } from '../model/query-result';
import { WORKED_QUERIES } from '../model/worked-queries';
import { QueryFailure } from './query-failure';
import { ResultView } from './result-view';
import { SchemaPanel } from './schema-panel';
import { WorkedQueries } from './worked-queries';

/** Saves a file the page made, as the browser saves a download. */
function saveFile(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the file to the browser; the address is not needed after this turn.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** The SQL editor, its parameters, the worked queries, the result and the schema beside them. */
export function QueryPage() {
  const [sql, setSql] = useState(WORKED_QUERIES[0]?.sql ?? '');
  const [values, setValues] = useState<Record<string, string>>({});
  const editor = useRef<HTMLTextAreaElement>(null);
  const editorId = useId();
  const rowLimit = useQuery(rowLimitQueryOptions());
  const parameters = queryParameters(sql);
  const bound = Object.fromEntries(
    parameters.map((parameter) => [parameter.name, values[parameter.name] ?? '']),
  );

  const run = useMutation({ mutationFn: () => runQuery(sql, bound) });
  const queryClient = useQueryClient();
  const csv = useMutation({
    mutationFn: async () => {
      // The file is named on the firm's clock, as the other exports are.
      const [blob, settings] = await Promise.all([
        fetchCsv(sql, bound),
        queryClient.ensureQueryData(displaySettingsQueryOptions),
      ]);
      return { blob, timeZone: settings.timeZone };
    },
    onSuccess: ({ blob, timeZone }) => saveFile(blob, csvFileName(new Date(), timeZone)),
  });
  const empty = sql.trim() === '';
  const start = () => {
    if (!empty && !run.isPending) run.mutate();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      start();
    }
  };

  return (
    <div className="analyst-query">
      <div className="analyst-query__main">
        <form
          className="analyst-editor"
          onSubmit={(event) => {
            event.preventDefault();
            start();
          }}
        >
          <div className="field">
            <label className="field__label" htmlFor={editorId}>
              SQL query
            </label>
            <textarea
              id={editorId}
              ref={editor}
              className="field__control analyst-editor__sql"
              value={sql}
              onChange={(event) => setSql(event.target.value)}
              onKeyDown={onKeyDown}
              spellCheck={false}
              autoCapitalize="off"
              autoComplete="off"
              rows={12}
              aria-describedby={`${editorId}-hint`}
            />
            <p className="field__hint" id={`${editorId}-hint`}>
              Read-only queries of the analytics database. Ctrl+Enter (⌘+Enter on a Mac) runs the query.
            </p>
          </div>
          {parameters.length > 0 ? (
            <fieldset className="analyst-editor__params">
              <legend>Query parameters</legend>
              {parameters.map((parameter) => (
                <TextField
                  key={parameter.name}
                  label={`${parameter.name} (${parameter.type})`}
                  value={values[parameter.name] ?? ''}
                  onChange={(event) => setValues({ ...values, [parameter.name]: event.target.value })}
                  autoComplete="off"
                />
              ))}
            </fieldset>
          ) : null}
          <div className="row">
            <Button type="submit" loading={run.isPending} disabled={empty}>
              Run
            </Button>
            <Button variant="outline" onClick={() => csv.mutate()} loading={csv.isPending} disabled={empty}>
              Download CSV
            </Button>
          </div>
        </form>
        {csv.isError ? (
          <QueryFailure
            title="The CSV could not be made"
            error={csv.error}
            rowLimit={rowLimit.data ?? null}
          />
        ) : null}
        {run.isError ? (
          <QueryFailure title="The query failed" error={run.error} rowLimit={rowLimit.data ?? null} />
        ) : run.data ? (
          // A new run is a new result: its pages start again at the first.
          <ResultView key={run.submittedAt} run={run.data} rowLimit={rowLimit.data ?? null} />
        ) : null}
      </div>
      <aside className="analyst-query__side">
        <WorkedQueries
          onChoose={(chosen) => {
            setSql(chosen);
            editor.current?.focus();
          }}
        />
        <SchemaPanel />
      </aside>
    </div>
  );
}
