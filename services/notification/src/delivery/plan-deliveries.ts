import type {
  AccountInvitationRequestedV1,
  AssessmentSignedV1,
  QuestionnaireLinkRequestedV1,
} from '@risk-profile/contracts';
import { clientCopyOf } from './client-copy';
import type { NewDelivery } from './deliveries';

export type Planned =
  | { undeliverable: false; delivery: NewDelivery }
  | {
      undeliverable: true;
      /** Never attempted because it must not be sent (a cap), rather than because it cannot be. */
      suppressed?: boolean;
      delivery: Omit<NewDelivery, 'content'> & { reason: string };
    };

export const ADVISER_ADDRESS_UNKNOWN =
  "The adviser's email address was not recorded with this assessment (drafted before addresses were recorded).";

/**
 * What a signed assessment asks for: the report to the adviser it came through, and the client's
 * copy by email, or with only a mobile number a short SMS. An assessment without an adviser
 * sends only the client's copy.
 */
export function planSignedDeliveries(event: AssessmentSignedV1): Planned[] {
  const a = event.data;
  const planned: Planned[] = [];
  if (a.adviser) {
    planned.push({
      undeliverable: false,
      delivery: {
        eventId: event.id,
        assessmentId: a.assessmentId,
        recipientRole: 'adviser',
        kind: 'adviser-report',
        recipient: a.adviser.email,
        content: a,
      },
    });
  } else if (a.adviserSlug) {
    planned.push({
      undeliverable: true,
      delivery: {
        eventId: event.id,
        assessmentId: a.assessmentId,
        recipientRole: 'adviser',
        kind: 'adviser-report',
        recipient: `adviser page ${a.adviserSlug}`,
        reason: ADVISER_ADDRESS_UNKNOWN,
      },
    });
  }
  const clientCopy = clientCopyOf(a);
  if (clientCopy) {
    planned.push({
      undeliverable: false,
      delivery: { eventId: event.id, assessmentId: a.assessmentId, ...clientCopy, content: a },
    });
  }
  return planned;
}

/** A link request asks for one message to the client, by the method the adviser chose. */
export function planLinkDeliveries(event: QuestionnaireLinkRequestedV1): Planned[] {
  const link = event.data;
  const recipient = link.method === 'email' ? link.clientEmail : link.clientPhone;
  const kind = link.method === 'email' ? 'link-email' : 'link-sms';
  if (!recipient) {
    return [
      {
        undeliverable: true,
        delivery: {
          eventId: event.id,
          recipientRole: 'client',
          kind,
          recipient: '(none)',
          reason: `The link request has no ${link.method === 'email' ? 'email address' : 'mobile number'}.`,
        },
      },
    ];
  }
  return [
    {
      undeliverable: false,
      delivery: {
        eventId: event.id,
        linkId: link.linkId,
        recipientRole: 'client',
        kind,
        recipient,
        content: link,
      },
    },
  ];
}

/**
 * An invitation or password reset asks for one email to the account's holder: staff, so the
 * adviser role (an administrator's reset too), never a client copy under the daily cap.
 */
export function planAccountDeliveries(event: AccountInvitationRequestedV1): Planned[] {
  return [
    {
      undeliverable: false,
      delivery: {
        eventId: event.id,
        recipientRole: 'adviser',
        kind: 'account-email',
        recipient: event.data.recipientEmail,
        content: event.data,
      },
    },
  ];
}
