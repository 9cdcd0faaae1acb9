import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-client';
import { useResendReport } from '../api/records-queries';

/**
 * Sends the signed report again, to the adviser or to the client, as a new delivery. The service
 * answers what it queued, or why not (already pending, too many resends): both are shown here.
 */
export function ResendReport({ id, clientReachable }: { id: string; clientReachable: boolean }) {
  const resend = useResendReport(id);
  const pendingTo = resend.isPending ? resend.variables : undefined;
  return (
    <div className="record-resend">
      <div className="row">
        <Button
          variant="outline"
          loading={pendingTo === 'adviser'}
          disabled={resend.isPending}
          onClick={() => resend.mutate('adviser')}
        >
          Resend report to the adviser
        </Button>
        <Button
          variant="outline"
          loading={pendingTo === 'client'}
          disabled={resend.isPending || !clientReachable}
          onClick={() => resend.mutate('client')}
        >
          Resend report to the client
        </Button>
      </div>
      {resend.isSuccess ? (
        <Alert tone="success" testId="resend-result">
          {resend.data.message}
        </Alert>
      ) : null}
      {resend.isError ? (
        <Alert tone="error" title="The report was not sent again" testId="resend-result">
          {errorMessage(resend.error)}
        </Alert>
      ) : null}
    </div>
  );
}
