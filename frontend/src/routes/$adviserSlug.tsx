import { createFileRoute } from '@tanstack/react-router';
import { adviserQueryOptions, isAdviserSegment } from '../features/assessment/api/get-adviser';
import { AssessmentScreen } from '../features/assessment/components/assessment-screen';

export const Route = createFileRoute('/$adviserSlug')({
  // Starts the lookup early without holding the page back: the banner appears when it lands.
  loader: ({ context: { queryClient }, params: { adviserSlug } }) => {
    if (isAdviserSegment(adviserSlug)) void queryClient.prefetchQuery(adviserQueryOptions(adviserSlug));
  },
  component: AdviserAssessmentPage,
});

function AdviserAssessmentPage() {
  const { adviserSlug } = Route.useParams();
  return <AssessmentScreen adviserSlug={isAdviserSegment(adviserSlug) ? adviserSlug : null} />;
}
