/**
 * Mailer port: hands one message to a mail transport. Adapters: SMTP through nodemailer, and an
 * outbox folder of `.eml` files for the embedded default. Both run the same contract suite.
 */
export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface MailMessage {
  to: string;
  replyTo?: string;
  subject: string;
  html: string;
  text: string;
  attachments?: readonly MailAttachment[];
  /**
   * Stable Message-ID (`<…@…>`) for this delivery: a message sent again after a crash carries
   * the same id, so mail systems can recognise the duplicate.
   */
  messageId: string;
}

export interface SentMail {
  /** What the transport calls the message: the SMTP server's queue answer, or the outbox file name. */
  providerMessageId: string;
}

export interface Mailer {
  /** Resolves once the transport accepted the message; rejects with DeliveryError. */
  send(message: MailMessage): Promise<SentMail>;
  /** For the start-up log line. */
  readonly describe: string;
  close(): Promise<void>;
}
