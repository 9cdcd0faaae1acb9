import { randomUUID } from 'node:crypto';
import type { ResendReportBody } from '@risk-profile/contracts';
import { HttpError } from '@risk-profile/platform';
import { clientCopyOf } from '../../delivery/client-copy';
import type { NewDelivery } from '../../delivery/deliveries';
import type { RecordRouteDeps } from '../record-http';

/**
 * What the adviser is told of a resend: on its way, or, where its channel has no transport,
 * saved in the outbox folder instead of sent (never the folder's place on the server).
 */
export function resendMessage(
  planned: Pick<NewDelivery, 'kind' | 'recipient'>,
  outbox: RecordRouteDeps['outbox'],
): string {
  const sms = planned.kind === 'client-sms';
  if (!(sms ? outbox.sms : outbox.email)) return `The report is on its way to ${planned.recipient}.`;
  const missing = sms ? 'No SMS provider' : 'No mail server';
  const what = sms ? 'the text message' : 'the report';
  return `${missing} is configured, so ${what} to ${planned.recipient} is saved in the outbox folder on the server instead of being sent.`;
}

/** The delivery a resend asks for, or a 409 when there is nowhere to send it. */
export function plannedResend(
  data: NewDelivery['content'] & {
    assessmentId: string;
    adviser: { email: string } | null;
    clientEmail: string | null;
    clientPhone: string | null;
  },
  to: ResendReportBody['to'],
  requestedBy: string,
): NewDelivery {
  const base = {
    eventId: randomUUID(),
    assessmentId: data.assessmentId,
    content: data,
    resend: true,
    requestedBy,
  };
  if (to === 'adviser') {
    if (!data.adviser)
      throw new HttpError(
        409,
        "This assessment has no adviser's email address to send the report to.",
        'CONFLICT',
      );
    return {
      ...base,
      recipientRole: 'adviser',
      kind: 'adviser-report',
      recipient: data.adviser.email,
    };
  }
  const clientCopy = clientCopyOf(data);
  if (clientCopy) return { ...base, ...clientCopy };
  throw new HttpError(
    409,
    'The client gave no email address or mobile number to send the report to.',
    'CONFLICT',
  );
}
