import { createFileRoute } from '@tanstack/react-router';
import { AdviserArea } from '../../features/adviser-workspace/components/adviser-area';
import { SentLinksPage } from '../../features/records/components/sent-links';

export const Route = createFileRoute('/adviser/links')({
  component: () => (
    <AdviserArea>
      <SentLinksPage />
    </AdviserArea>
  ),
});
