import { createFileRoute } from '@tanstack/react-router';
import { AnalystArea } from '../../features/analyst/components/analyst-area';
import { QueryPage } from '../../features/analyst/components/query-page';

export const Route = createFileRoute('/analyst/')({ component: AnalystQueryRoute });

function AnalystQueryRoute() {
  return (
    <AnalystArea title="Query the analytics store">
      <QueryPage />
    </AnalystArea>
  );
}
