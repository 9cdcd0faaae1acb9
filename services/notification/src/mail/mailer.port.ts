/**
 * Mailer port: hands one encoded message (RFC 5322 bytes, built by `encodeMail`) to a mail
 * transport. Adapters: SMTP through nodemailer, and an outbox folder of `.eml` files for the
 * embedded default. Both run the same contract suite.
 *
 * The message is encoded before it reaches the port so the costly part (MIME, base64) can run off
 * the event loop, in the report composer's worker thread (delivery/worker-composer.ts): the
 * transport only writes bytes.
 */
export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

/**
 * A name and an address, which nodemailer encodes into the header itself: a name is never
 * concatenated into a header string, so whatever it holds cannot add a header.
 */
export interface MailAddress {
  name: string;
  address: string;
}

/** What an email says, before it is encoded. */
export interface MailMessage {
  /** The sender, as the From header shows it; its address is the envelope's MAIL FROM. */
  from: string | MailAddress;
  to: string;
  replyTo?: string | MailAddress;
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

/** A message ready for a transport: its envelope, and the whole message as bytes. */
export interface EncodedMail {
  envelope: { from: string; to: string };
  messageId: string;
  raw: Buffer;
}

export interface SentMail {
  /** What the transport calls the message: the SMTP server's queue answer, or the outbox file name. */
  providerMessageId: string;
}

export interface Mailer {
  /** Resolves once the transport accepted the message; rejects with DeliveryError. */
  send(mail: EncodedMail): Promise<SentMail>;
  /** For the start-up log line. */
  readonly describe: string;
  /**
   * True when messages are saved as files in the outbox folder, not sent: the records label them
   * saved (docs/records.md).
   */
  readonly outbox?: boolean;
  close(): Promise<void>;
}
