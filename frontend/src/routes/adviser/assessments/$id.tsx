import { createFileRoute } from '@tanstack/react-router';
import { adviserOnly } from '../../../features/adviser-workspace/api/adviser-access';
import { AdviserArea } from '../../../features/adviser-workspace/components/adviser-area';
import { ReviewLinkButton } from '../../../features/adviser-workspace/components/link-dialog';
import { RecordPage } from '../../../features/records/components/record-page';

export const Route = createFileRoute('/adviser/assessments/$id')({
  beforeLoad: adviserOnly,
  component: AdviserRecordRoute,
});

function AdviserRecordRoute() {
  const { id } = Route.useParams();
  return (
    <AdviserArea>
      <RecordPage
        scope="adviser"
        id={id}
        actions={(record) =>
          record.reviewDue ? (
            <ReviewLinkButton
              client={{ name: record.clientName, email: record.clientEmail, phone: record.clientPhone }}
            />
          ) : null
        }
      />
    </AdviserArea>
  );
}
