import { createFileRoute } from '@tanstack/react-router';
import { adviserOnly } from '../../../features/adviser-workspace/api/adviser-access';
import { AdviserArea } from '../../../features/adviser-workspace/components/adviser-area';
import { householdListQueryOptions } from '../../../features/households/api/households-queries';
import { HouseholdsPage } from '../../../features/households/components/households-page';

export const Route = createFileRoute('/adviser/households/')({
  beforeLoad: adviserOnly,
  loader: ({ context: { queryClient } }) => {
    void queryClient.prefetchInfiniteQuery(householdListQueryOptions());
  },
  component: () => (
    <AdviserArea>
      <HouseholdsPage />
    </AdviserArea>
  ),
});
