import type { ReactNode } from 'react';
import { LoadFailure } from './alert';
import { Button } from './button';
import { Spinner } from './spinner';

/** What the list reads of a `useInfiniteQuery` whose pages each carry `items`. */
export interface PagedQuery<Item> {
  data: { pages: readonly { items: readonly Item[] }[] } | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => unknown;
}

/**
 * A list fetched a page at a time, newest first, with "Load more" by cursor: the spinner while the
 * first page loads, the service's reason when it fails, `empty` when there is nothing, else the
 * items as `children` draws them and, while there is a next page, the button that fetches it (a
 * failed next page keeps what was shown and says why above the button).
 */
export function InfiniteList<Item>({
  query,
  loading,
  failure,
  empty,
  moreClassName,
  moreLabel = 'Load more',
  children,
}: {
  query: PagedQuery<Item>;
  /** The spinner's label while the first page loads. */
  loading: string;
  /** The title of the alert when the first page fails. */
  failure: string;
  empty: ReactNode;
  /** The class of the block around the button, which the feature's page lays out. */
  moreClassName: string;
  moreLabel?: string;
  children: (items: readonly Item[]) => ReactNode;
}) {
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  if (query.isPending) return <Spinner label={loading} />;
  if (query.isError && items.length === 0) return <LoadFailure title={failure} error={query.error} />;
  if (items.length === 0) return <>{empty}</>;
  return (
    <>
      {children(items)}
      {query.hasNextPage ? (
        <div className={moreClassName}>
          {query.isFetchNextPageError ? (
            <LoadFailure title="Could not load more" error={query.error} />
          ) : null}
          <Button
            variant="outline"
            loading={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage()}
          >
            {moreLabel}
          </Button>
        </div>
      ) : null}
    </>
  );
}
