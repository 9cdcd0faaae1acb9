import { type LinkMethod, MESSAGES } from '@risk-profile/contracts';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { errorMessage } from '../../../lib/api-client';
import { appConfig } from '../../../lib/env';
import { toast } from '../../../lib/toast';
import { useSendQuestionnaireLink } from '../api/send-questionnaire-link';
import { linkSentNotice } from '../model/report-recipients';
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
          const to = method === 'email' ? email : phone;
          const description = linkSentNotice(response.message, method, to, appConfig.delivery);
          toast({ title: 'Link Sent', description, variant: 'success' });
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
          <span className="send-link-option">
            <span>Send by Email</span>
            {email ? (
              <span className="send-link-option__to">
                {' '}
                to {email.slice(0, email.lastIndexOf('@') + 1)}
                <wbr />
                {email.slice(email.lastIndexOf('@') + 1)}
              </span>
            ) : null}
          </span>
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
          <span className="send-link-option">
            <span>Send by SMS</span>
            {phone ? (
              <span className="send-link-option__to">
                {' '}
                to <span className="send-link-option__number">{phone}</span>
              </span>
            ) : null}
          </span>
        </Button>
        {!phone ? <p className="field__hint">Add a mobile number to send the link by SMS.</p> : null}
      </div>
    </Dialog>
  );
}
