/**
 * Why a transport did not take a message. A transient failure (no connection, a timeout, an
 * SMTP 4xx, a throttled SMS) is retried with backoff; a permanent one (an SMTP 5xx, a number the
 * SMS provider rejects) is recorded with its reason and never retried.
 */
export class DeliveryError extends Error {
  /**
   * The transport had the whole message but its answer never came (an SMTP server silent after
   * the data): the message may have gone, so its retry waits longer (sender.ts).
   */
  readonly mayHaveBeenAccepted: boolean;

  constructor(
    readonly kind: 'transient' | 'permanent',
    message: string,
    options?: { cause?: unknown; mayHaveBeenAccepted?: boolean },
  ) {
    super(message, options);
    this.name = 'DeliveryError';
    this.mayHaveBeenAccepted = options?.mayHaveBeenAccepted ?? false;
  }
}
