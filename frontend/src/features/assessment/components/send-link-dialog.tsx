import { type LinkMethod, MESSAGES } from '@risk-profile/contracts';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useSendQuestionnaireLink } from '../api/send-questionnaire-link';
import type { ClientDetails } from '../model/validation';

export function SendLinkDialog({
  open,
  onOpenChange,
  client,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  client: ClientDetails;
}) {
  const send = useSendQuestionnaireLink();
  const email = client.email.trim();
  const phone = client.phone.trim();

  const sendBy = (method: LinkMethod) => {
    send.mutate(
      { clientName: client.name.trim(), clientEmail: email || null, clientPhone: phone || null, method },
      {
        onSuccess: (response) => {
          toast({ title: 'Link Sent', description: response.message, variant: 'success' });
          onOpenChange(false);
        },
        onError: (error) =>
          toast({
            title: MESSAGES.sendLinkFailed,
            description: errorMessage(error, MESSAGES.sendLinkFallback),
            variant: 'destructive',
          }),
      },
    );
  };

  const pendingMethod = send.isPending ? send.variables?.method : undefined;
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Send Link to Complete Later"
      description={`${client.name.trim() || 'Your client'} will receive a secure, personal link to complete the questionnaire in their own time.`}
      testId="send-link-dialog"
    >
      <div className="send-link-options">
        <Button
          variant="outline"
          size="lg"
          block
          disabled={!email || send.isPending}
          loading={pendingMethod === 'email'}
          onClick={() => sendBy('email')}
        >
          Send by Email{email ? ` to ${email}` : ''}
        </Button>
        {!email ? <p className="field__hint">Add an email address to send the link by email.</p> : null}
        <Button
          variant="outline"
          size="lg"
          block
          disabled={!phone || send.isPending}
          loading={pendingMethod === 'sms'}
          onClick={() => sendBy('sms')}
        >
          Send by SMS{phone ? ` to ${phone}` : ''}
        </Button>
        {!phone ? <p className="field__hint">Add a mobile number to send the link by SMS.</p> : null}
      </div>
    </Dialog>
  );
}
