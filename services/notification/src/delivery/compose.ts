import {
  type AssessmentSignedV1,
  accountInvitationRequestedV1,
  assessmentSignedV1,
  type QuestionnaireLinkRequestedV1,
  questionnaireLinkRequestedV1,
} from '@risk-profile/contracts';
import addressparser from 'nodemailer/lib/addressparser';
import {
  householdConfirmationContentSchema,
  householdReportContentSchema,
  isErased,
} from '../households/household-snapshot';
import { encodeMail } from '../mail/encode-mail';
import type { MailAddress, MailMessage } from '../mail/mailer.port';
import {
  clientSummarySms,
  householdConfirmationEmail,
  householdConfirmationSms,
  householdReportEmail,
  householdReportFileName,
  linkSms,
  type ReportInput,
  renderAccountEmail,
  renderAdviserReportEmail,
  renderClientCopyEmail,
  renderHouseholdReportPdf,
  renderLinkEmail,
  renderReportPdf,
  reportPdfFileName,
} from '../rendering';
import {
  endpointDisabledAlertSchema,
  renderEndpointDisabledEmail,
} from '../webhooks/endpoint-disabled-email';
import type { Delivery } from './deliveries';
import type { ComposedMessage, Composer } from './sender';

const signedData = assessmentSignedV1.shape.data;
const RECENT_PDFS = 32;
const linkData = questionnaireLinkRequestedV1.shape.data;
const accountLinkData = accountInvitationRequestedV1.shape.data;

export interface ComposerOptions {
  /** Dates in reports are shown in this IANA time zone (REPORT_TIME_ZONE). */
  timeZone: string;
  /** The sender of every email (MAIL_FROM). */
  from: string;
}

type LinkRequest = QuestionnaireLinkRequestedV1['data'];

// A name is one line of text: line breaks and other controls become spaces.
const oneLine = (text: string) => text.replace(/\p{Cc}+/gu, ' ').trim();

/**
 * A link email (or a household's message to a member) comes from the adviser by name ("Alex
 * Morgan via Risk Profile"), at MAIL_FROM's address: the product sends it, and only that domain's
 * mail servers may, but the client should see who asked. MAIL_FROM's own name says what the
 * product is called.
 */
export function linkSender(mailFrom: string, link: Pick<LinkRequest, 'adviserName'>): MailAddress {
  const [configured] = addressparser(mailFrom, { flatten: true });
  if (!configured?.address) throw new Error(`MAIL_FROM has no address: ${mailFrom}`);
  const adviser = oneLine(link.adviserName);
  const product = oneLine(configured.name) || 'Risk Profile';
  return { name: adviser ? `${adviser} via ${product}` : product, address: configured.address };
}

/** Replies to a link email go to the adviser, when the request says who that is. */
export const linkReplyTo = (link: LinkRequest): MailAddress | undefined =>
  link.adviserEmail ? { name: oneLine(link.adviserName), address: link.adviserEmail } : undefined;

/** The Message-ID of a delivery's email: the same on every attempt. */
export const deliveryMessageId = (deliveryId: string) => `<${deliveryId}@risk-profile.notification>`;

/**
 * Renders a delivery's message from the event data recorded with it, and encodes an email to
 * its bytes. Rendering is pure, so a retried delivery sends the same message as its first attempt.
 */
export function createComposer(options: ComposerOptions): Composer {
  const reportInput = (content: unknown): ReportInput => {
    const assessment: AssessmentSignedV1['data'] = signedData.parse(content);
    return { assessment, adviser: assessment.adviser, timeZone: options.timeZone };
  };
  // The adviser's report and the client's copy attach the same PDF, and the sender takes the
  // two deliveries of an event together: render it once for both. A few recent ones are kept.
  const pdfs = new Map<string, Promise<Buffer>>();
  const pdfFor = (key: string, render: () => Promise<Buffer>): Promise<Buffer> => {
    let pdf = pdfs.get(key);
    if (!pdf) {
      pdf = render();
      pdfs.set(key, pdf);
      pdf.catch(() => pdfs.delete(key));
      if (pdfs.size > RECENT_PDFS) pdfs.delete(pdfs.keys().next().value as string);
    }
    return pdf;
  };
  const email = async (
    delivery: Delivery,
    content: Omit<MailMessage, 'from' | 'to' | 'messageId'> & { from?: MailAddress },
  ): Promise<ComposedMessage> => ({
    channel: 'email',
    subject: content.subject,
    mail: await encodeMail({
      ...content,
      from: content.from ?? options.from,
      to: delivery.recipient,
      messageId: deliveryMessageId(delivery.id),
    }),
  });
  const report = async (
    delivery: Delivery,
    input: ReportInput,
    rendered: { subject: string; html: string; text: string },
    replyTo: string | undefined,
  ) =>
    email(delivery, {
      ...rendered,
      replyTo,
      attachments: [
        {
          filename: reportPdfFileName(input),
          content: await pdfFor(delivery.eventId, () => renderReportPdf(input)),
          contentType: 'application/pdf',
        },
      ],
    });

  return async (delivery: Delivery): Promise<ComposedMessage> => {
    if (delivery.content === null) throw new Error('the message content was purged');
    switch (delivery.kind) {
      case 'adviser-report': {
        const input = reportInput(delivery.content);
        const rendered = await renderAdviserReportEmail(input);
        return report(delivery, input, rendered, input.assessment.clientEmail ?? undefined);
      }
      case 'client-report': {
        const input = reportInput(delivery.content);
        const rendered = await renderClientCopyEmail(input);
        return report(delivery, input, rendered, input.adviser?.email);
      }
      case 'client-sms':
        return { channel: 'sms', text: clientSummarySms(reportInput(delivery.content)) };
      case 'link-email': {
        const link: LinkRequest = linkData.parse(delivery.content);
        return email(delivery, {
          ...(await renderLinkEmail(link, options.timeZone)),
          from: linkSender(options.from, link),
          replyTo: linkReplyTo(link),
        });
      }
      case 'link-sms':
        return { channel: 'sms', text: linkSms(linkData.parse(delivery.content), options.timeZone) };
      case 'account-email':
        return email(
          delivery,
          await renderAccountEmail(accountLinkData.parse(delivery.content), options.timeZone),
        );
      case 'household-confirm-email': {
        const request = householdConfirmationContentSchema.parse(delivery.content);
        return email(delivery, {
          ...householdConfirmationEmail(request, options.timeZone),
          from: linkSender(options.from, request.adviser),
          replyTo: { name: oneLine(request.adviser.adviserName), address: request.adviser.email },
        });
      }
      case 'household-confirm-sms':
        return {
          channel: 'sms',
          text: householdConfirmationSms(
            householdConfirmationContentSchema.parse(delivery.content),
            options.timeZone,
          ),
        };
      case 'household-report': {
        const report = householdReportContentSchema.parse(delivery.content);
        const { household } = report;
        // One PDF for the adviser and every member; a member erased meanwhile makes it another.
        const key = `${delivery.eventId}/${household.members.filter(isErased).length}`;
        const toMember = report.memberId !== null;
        return email(delivery, {
          ...householdReportEmail(report, options.timeZone),
          from: toMember ? linkSender(options.from, household.adviser) : undefined,
          replyTo: toMember
            ? { name: oneLine(household.adviser.adviserName), address: household.adviser.email }
            : undefined,
          attachments: [
            {
              filename: householdReportFileName(household, options.timeZone),
              content: await pdfFor(key, () =>
                renderHouseholdReportPdf({ household, timeZone: options.timeZone }),
              ),
              contentType: 'application/pdf',
            },
          ],
        });
      }
      case 'webhook-alert-email':
        return email(
          delivery,
          renderEndpointDisabledEmail(endpointDisabledAlertSchema.parse(delivery.content), options.timeZone),
        );
      default: {
        const unknown: never = delivery.kind;
        throw new Error(`no message for delivery kind ${String(unknown)}`);
      }
    }
  };
}
