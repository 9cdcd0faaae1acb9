import { useQueryClient } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { adviserOnly } from '../../features/adviser-workspace/api/adviser-access';
import { AdviserArea } from '../../features/adviser-workspace/components/adviser-area';
import { AdviserHome } from '../../features/adviser-workspace/components/adviser-home';
import { SENT_LINKS_QUERY_KEY } from '../../features/records/api/records-queries';
import { RecordList } from '../../features/records/components/record-list';
import { parseRecordFilters, type RecordFilters } from '../../features/records/model/record-filters';

export const Route = createFileRoute('/adviser/')({
  beforeLoad: adviserOnly,
  // The adviser's list has no adviser filter: their own clients only.
  validateSearch: (search): RecordFilters => ({ ...parseRecordFilters(search), adviser: undefined }),
  component: AdviserHomeRoute,
});

function AdviserHomeRoute() {
  const filters = Route.useSearch();
  const navigate = Route.useNavigate();
  const queryClient = useQueryClient();
  // A filter replaces the address: typing a search must not fill the history with every word.
  const onFiltersChange = useCallback(
    (next: RecordFilters) => void navigate({ search: next, replace: true, resetScroll: false }),
    [navigate],
  );
  return (
    <AdviserArea>
      <AdviserHome onLinkSent={() => void queryClient.invalidateQueries({ queryKey: SENT_LINKS_QUERY_KEY })}>
        <RecordList scope="adviser" filters={filters} onFiltersChange={onFiltersChange} />
      </AdviserHome>
    </AdviserArea>
  );
}
