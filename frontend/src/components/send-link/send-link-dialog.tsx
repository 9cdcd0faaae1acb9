import { type LinkMethod, MESSAGES } from '@risk-profile/contracts';
import type { ReactNode } from 'react';
import { errorMessage } from '../../lib/api-client';
import { appConfig } from '../../lib/env';
import { linkSentNotice } from '../../lib/outbox-note';
import { toast } from '../../lib/toast';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';
import { useSendQuestionnaireLink } from './send-questionnaire-link';
import './send-link.css';

/** Who the link is for, as typed (trimmed here). */
export interface LinkClient {
  name: string;
  email: string;
  phone: string;
}

/**
 * The adviser sends a client a personal link to the questionnaire by email or SMS: from the welcome
 * step with the details typed there, and from the adviser's workspace, where `children` holds the
 * fields for the details (a new client, or a review pre-filled from a record).
 */
export function SendLinkDialog({
  open,
  onOpenChange,
  client,
  title = 'Send Link to Complete Later',
  onSent,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  client: LinkClient;
  title?: string;
  /** After the service accepted the link (the workspace refreshes its list of sent links). */
  onSent?: () => void;
  children?: ReactNode;
}) {
  const name = client.name.trim();
  const send = useSendQuestionnaireLink();
  const email = client.email.trim();
  const phone = client.phone.trim();

  const sendBy = (method: LinkMethod) => {
    send.mutate(
      { clientName: name, clientEmail: email || null, clientPhone: phone || null, method },
      {
        onSuccess: (response) => {
          const to = method === 'email' ? email : phone;
          const description = linkSentNotice(response.message, method, to, appConfig.delivery);
          toast({ title: 'Link Sent', description, variant: 'success' });
          onOpenChange(false);
          onSent?.();
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
      title={title}
      description={`${name || 'Your client'} will receive a secure, personal link to complete the questionnaire in their own time.`}
      testId="send-link-dialog"
    >
      {children}
      <div className="send-link-options">
        <Button
          variant="outline"
          size="lg"
          block
          disabled={!name || !email || send.isPending}
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
          disabled={!name || !phone || send.isPending}
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
