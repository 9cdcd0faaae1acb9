import { Alert } from '../../../components/ui/alert';
import { errorMessage } from '../../../lib/api-client';
import { type RowLimit, tooManyRowsHint } from '../model/query-result';

/**
 * A query that failed or was refused, with ClickHouse's own text as it sent it (code, message,
 * error name), which is what an analyst searches for; announced as it appears.
 */
export function QueryFailure({
  title,
  error,
  rowLimit = null,
}: {
  title: string;
  error: unknown;
  rowLimit?: RowLimit | null;
}) {
  const text = errorMessage(error);
  const hint = tooManyRowsHint(text, rowLimit);
  return (
    <Alert tone="error" title={title} testId="analyst-query-error">
      <pre className="analyst-error">{text}</pre>
      {hint ? <p className="analyst-error__hint">{hint}</p> : null}
    </Alert>
  );
}
