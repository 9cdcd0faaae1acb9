import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { LoadFailure } from '../../../components/ui/alert';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { type RecordScope, recordQueryOptions } from '../api/records-queries';
import { type RecordAction, RecordView } from './record-view';
import '../records.css';

/** One assessment's record: for the adviser (their own clients) and the administrator (any). */
export function RecordPage({
  scope,
  id,
  actions,
}: {
  scope: RecordScope;
  id: string;
  actions?: RecordAction;
}) {
  const query = useQuery(recordQueryOptions(scope, id));
  useDocumentTitle(query.data ? `${query.data.clientName}: assessment record` : 'Assessment record');
  const back =
    scope === 'admin' ? (
      <Link to="/admin/assessments" className="records__back">
        ← All assessments
      </Link>
    ) : (
      <Link to="/adviser" className="records__back">
        ← Your clients
      </Link>
    );

  if (query.isPending) return <Spinner label="Loading the record…" />;
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404) {
      return (
        <Card>
          <h1>Assessment not found</h1>
          <p>
            There is no assessment at this address
            {scope === 'adviser' ? ' among your clients' : ''}. It may have been mistyped, or the link may be
            for another adviser's client.
          </p>
          <div className="row">{back}</div>
        </Card>
      );
    }
    return (
      <div className="stack">
        {back}
        <LoadFailure title="Could not load the record" error={query.error} />
      </div>
    );
  }
  return (
    <div className="record stack">
      {back}
      <RecordView record={query.data} scope={scope} actions={actions} />
    </div>
  );
}
