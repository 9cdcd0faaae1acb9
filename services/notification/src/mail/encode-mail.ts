import MailComposer from 'nodemailer/lib/mail-composer';
import type { EncodedMail, MailMessage } from './mailer.port';

/**
 * Builds the message as nodemailer would on its way to SMTP: multipart/alternative (text, HTML)
 * inside multipart/mixed with the attachments. Text parts go in base64: mail clients read it as
 * well as quoted-printable, Node encodes it natively where nodemailer's quoted-printable encoder
 * is a slower pass in JavaScript, and with every part in base64 each line ends in
 * CRLF as SMTP wants, with no pass over the bytes to convert line ends.
 */
export async function encodeMail(message: MailMessage): Promise<EncodedMail> {
  const raw = await new MailComposer({
    from: message.from,
    to: message.to,
    replyTo: message.replyTo,
    subject: message.subject,
    html: message.html,
    text: message.text,
    messageId: message.messageId,
    attachments: message.attachments?.map((a) => ({
      filename: a.filename,
      content: a.content,
      contentType: a.contentType,
    })),
    textEncoding: 'base64',
  })
    .compile()
    .build();
  const from = typeof message.from === 'string' ? message.from : message.from.address;
  return { envelope: { from, to: message.to }, messageId: message.messageId, raw };
}
