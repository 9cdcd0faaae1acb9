import { createFileRoute } from '@tanstack/react-router';
import { adviserOnly } from '../../features/adviser-workspace/api/adviser-access';
import { AdviserArea } from '../../features/adviser-workspace/components/adviser-area';
import { SentLinksPage } from '../../features/records/components/sent-links';

export const Route = createFileRoute('/adviser/links')({
  beforeLoad: adviserOnly,
  component: () => (
    <AdviserArea>
      <SentLinksPage />
    </AdviserArea>
  ),
});
