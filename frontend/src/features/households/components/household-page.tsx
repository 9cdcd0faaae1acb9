import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { LoadFailure } from '../../../components/ui/alert';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { householdQueryOptions } from '../api/households-queries';
import { HouseholdView } from './household-view';
import '../households.css';

/** One household of the signed-in adviser's: read when the page opens and when the adviser asks. */
export function HouseholdPage({ id }: { id: string }) {
  const query = useQuery(householdQueryOptions(id));
  useDocumentTitle(query.data ? `${query.data.name}: household` : 'Household');
  const back = (
    <Link to="/adviser/households" className="households__back">
      ← Households
    </Link>
  );

  if (query.isPending) return <Spinner label="Loading the household…" />;
  // A failed refresh keeps what was shown (and says why there); only a failed first read ends here.
  if (query.data === undefined) {
    if (query.error instanceof ApiError && query.error.status === 404) {
      return (
        <Card>
          <h1>Household not found</h1>
          <p>
            There is no household at this address among yours. It may have been mistyped, or it may be another
            adviser's.
          </p>
          <div className="row">{back}</div>
        </Card>
      );
    }
    return (
      <div className="stack">
        {back}
        <LoadFailure title="Could not load the household" error={query.error} />
      </div>
    );
  }
  return (
    <div className="household stack">
      {back}
      <HouseholdView
        household={query.data}
        refreshing={query.isFetching}
        refreshError={query.isError ? query.error : null}
        onRefresh={() => void query.refetch()}
      />
    </div>
  );
}
