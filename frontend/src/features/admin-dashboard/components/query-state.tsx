import type { ReactNode } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';

/** Loading, failure and empty states shared by the tabs; `children` renders the data. */
export function QueryState<T>({
  query,
  isEmpty,
  empty,
  children,
}: {
  query: { isPending: boolean; isError: boolean; error: unknown; data: T | undefined };
  isEmpty: (data: T) => boolean;
  empty: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <Spinner label="Loading…" />;
  if (query.isError || query.data === undefined) {
    return (
      <Alert tone="error" title="Could not load these figures">
        {errorMessage(query.error)}
      </Alert>
    );
  }
  if (isEmpty(query.data)) return <p className="admin__empty">{empty}</p>;
  return <>{children(query.data)}</>;
}
