import { createFileRoute } from '@tanstack/react-router';
import { analystOnly } from '../../features/analyst/api/analyst-access';
import { AnalystArea } from '../../features/analyst/components/analyst-area';
import { QueryPage } from '../../features/analyst/components/query-page';

export const Route = createFileRoute('/analyst/')({
  beforeLoad: analystOnly,
  component: AnalystQueryRoute,
});

function AnalystQueryRoute() {
  return (
    <AnalystArea title="Query the analytics store">
      <QueryPage />
    </AnalystArea>
  );
}
