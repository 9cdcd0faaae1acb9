import { Alert } from '../../../components/ui/alert';
import { errorMessage } from '../../../lib/api-client';

/**
 * A query that failed or was refused, with ClickHouse's own text as it sent it (code, message,
 * error name), which is what an analyst searches for; announced as it appears.
 */
export function QueryFailure({ title, error }: { title: string; error: unknown }) {
  return (
    <Alert tone="error" title={title} testId="analyst-query-error">
      <pre className="analyst-error">{errorMessage(error)}</pre>
    </Alert>
  );
}
