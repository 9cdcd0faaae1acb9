import { createFileRoute } from '@tanstack/react-router';
import { ShortLinkPage } from '../features/assessment/components/short-link-page';

export const Route = createFileRoute('/l/$code')({
  component: ShortLinkRoute,
});

function ShortLinkRoute() {
  const { code } = Route.useParams();
  return <ShortLinkPage code={code} />;
}
