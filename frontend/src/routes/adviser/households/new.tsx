import { createFileRoute } from '@tanstack/react-router';
import { adviserOnly } from '../../../features/adviser-workspace/api/adviser-access';
import { AdviserArea } from '../../../features/adviser-workspace/components/adviser-area';
import { NewHouseholdPage } from '../../../features/households/components/new-household-page';

export const Route = createFileRoute('/adviser/households/new')({
  beforeLoad: adviserOnly,
  component: NewHouseholdRoute,
});

function NewHouseholdRoute() {
  const navigate = Route.useNavigate();
  return (
    <AdviserArea>
      <NewHouseholdPage
        onCreated={(id) => void navigate({ to: '/adviser/households/$id', params: { id } })}
      />
    </AdviserArea>
  );
}
