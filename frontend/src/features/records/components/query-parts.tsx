import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-client';

/** A list that failed to load, with the service's reason. */
export function LoadFailure({ title, error }: { title: string; error: unknown }) {
  return (
    <Alert tone="error" title={title}>
      {errorMessage(error)}
    </Alert>
  );
}

/** The next page by cursor; absent on the last page. */
export function LoadMore({
  query,
}: {
  query: {
    hasNextPage: boolean;
    isFetchingNextPage: boolean;
    fetchNextPage: () => unknown;
    isFetchNextPageError: boolean;
    error: unknown;
  };
}) {
  if (!query.hasNextPage) return null;
  return (
    <div className="records__more">
      {query.isFetchNextPageError ? <LoadFailure title="Could not load more" error={query.error} /> : null}
      <Button variant="outline" loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
        Load more
      </Button>
    </div>
  );
}
