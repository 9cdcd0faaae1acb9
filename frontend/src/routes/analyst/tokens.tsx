import { createFileRoute } from '@tanstack/react-router';
import { analystOnly } from '../../features/analyst/api/analyst-access';
import { AnalystArea } from '../../features/analyst/components/analyst-area';
import { TokensPage } from '../../features/analyst/components/tokens-page';

export const Route = createFileRoute('/analyst/tokens')({
  beforeLoad: analystOnly,
  component: AnalystTokensRoute,
});

function AnalystTokensRoute() {
  return (
    <AnalystArea title="API tokens">
      <TokensPage />
    </AnalystArea>
  );
}
