import { createFileRoute } from '@tanstack/react-router';
import { adviserOnly } from '../../../features/adviser-workspace/api/adviser-access';
import { AdviserArea } from '../../../features/adviser-workspace/components/adviser-area';
import { HouseholdPage } from '../../../features/households/components/household-page';

// No loader: each read of a household is logged as a view, so hovering a link must not read it.
export const Route = createFileRoute('/adviser/households/$id')({
  beforeLoad: adviserOnly,
  component: HouseholdRoute,
});

function HouseholdRoute() {
  const { id } = Route.useParams();
  return (
    <AdviserArea>
      <HouseholdPage id={id} />
    </AdviserArea>
  );
}
