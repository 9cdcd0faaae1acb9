import {
  type AssessmentSignedV1,
  assessmentSignedV1,
  type QuestionnaireLinkRequestedV1,
  questionnaireLinkRequestedV1,
} from '@risk-profile/contracts';
import {
  clientSummarySms,
  linkSms,
  type ReportInput,
  renderAdviserReportEmail,
  renderClientCopyEmail,
  renderLinkEmail,
  renderReportPdf,
  reportPdfFileName,
} from '../rendering';
import type { Delivery } from './deliveries';
import type { ComposedMessage, Composer } from './sender';

const signedData = assessmentSignedV1.shape.data;
const RECENT_PDFS = 32;
const linkData = questionnaireLinkRequestedV1.shape.data;

/**
 * Renders a delivery's message from the event data recorded with it. Rendering is pure, so a
 * retried delivery sends the same message as its first attempt.
 */
export function createComposer(options: { timeZone: string }): Composer {
  const reportInput = (content: unknown): ReportInput => {
    const assessment: AssessmentSignedV1['data'] = signedData.parse(content);
    return { assessment, adviser: assessment.adviser, timeZone: options.timeZone };
  };
  // The adviser's report and the client's copy attach the same PDF, and the sender takes the
  // two deliveries of an event together: render it once for both. A few recent ones are kept.
  const pdfs = new Map<string, Promise<Buffer>>();
  const pdfFor = (eventId: string, input: ReportInput): Promise<Buffer> => {
    let pdf = pdfs.get(eventId);
    if (!pdf) {
      pdf = renderReportPdf(input);
      pdfs.set(eventId, pdf);
      pdf.catch(() => pdfs.delete(eventId));
      if (pdfs.size > RECENT_PDFS) pdfs.delete(pdfs.keys().next().value as string);
    }
    return pdf;
  };
  const report = async (
    delivery: Delivery,
    input: ReportInput,
    email: { subject: string; html: string; text: string },
  ) => ({
    ...email,
    attachments: [
      {
        filename: reportPdfFileName(input),
        content: await pdfFor(delivery.eventId, input),
        contentType: 'application/pdf',
      },
    ],
  });

  return async (delivery: Delivery): Promise<ComposedMessage> => {
    if (delivery.content === null) throw new Error('the message content was purged');
    switch (delivery.kind) {
      case 'adviser-report': {
        const input = reportInput(delivery.content);
        const email = await renderAdviserReportEmail(input);
        return {
          channel: 'email',
          message: {
            ...(await report(delivery, input, email)),
            replyTo: input.assessment.clientEmail ?? undefined,
          },
        };
      }
      case 'client-report': {
        const input = reportInput(delivery.content);
        const email = await renderClientCopyEmail(input);
        return {
          channel: 'email',
          message: { ...(await report(delivery, input, email)), replyTo: input.adviser?.email },
        };
      }
      case 'client-sms':
        return { channel: 'sms', text: clientSummarySms(reportInput(delivery.content)) };
      case 'link-email': {
        const link: QuestionnaireLinkRequestedV1['data'] = linkData.parse(delivery.content);
        return { channel: 'email', message: await renderLinkEmail(link) };
      }
      case 'link-sms':
        return { channel: 'sms', text: linkSms(linkData.parse(delivery.content)) };
      default: {
        const unknown: never = delivery.kind;
        throw new Error(`no message for delivery kind ${String(unknown)}`);
      }
    }
  };
}
