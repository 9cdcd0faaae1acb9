import { Vonage } from '@vonage/server-sdk';
import { DeliveryError } from '../delivery/delivery-error';
import { internationalNumber, type SentSms, type SmsMessage, type SmsSender } from './sms-sender.port';

/**
 * Vonage SMS statuses worth another try: throttled (1), internal error (5), communication
 * failed (13). Every other non-zero status (invalid number, barred, bad credentials…) is permanent.
 */
const TRANSIENT_STATUSES = new Set(['1', '5', '13']);

interface VonageMessageResult {
  status?: string;
  errorText?: string;
  'error-text'?: string;
  messageId?: string;
  'message-id'?: string;
}

function resultsOf(error: unknown): VonageMessageResult[] {
  const response = (error as { response?: { messages?: VonageMessageResult[] } }).response;
  return response?.messages ?? [];
}

/** SMS through Vonage's SMS API with the official SDK; VONAGE_API_HOST points it elsewhere (regions, tests). */
export function vonageSms(options: {
  apiKey: string;
  apiSecret: string;
  from: string;
  restHost?: string;
  timeoutMs?: number;
}): SmsSender {
  const vonage = new Vonage(
    { apiKey: options.apiKey, apiSecret: options.apiSecret },
    {
      ...(options.restHost ? { restHost: options.restHost.replace(/\/$/, '') } : {}),
      timeout: options.timeoutMs ?? 10_000,
    },
  );
  return {
    describe: `Vonage ${options.restHost ?? 'https://rest.nexmo.com'}`,
    async send(message: SmsMessage): Promise<SentSms> {
      try {
        const response = await vonage.sms.send({
          to: internationalNumber(message.to),
          from: options.from,
          text: message.text,
          clientRef: message.reference,
        });
        const first = response.messages[0] as VonageMessageResult | undefined;
        const id = first?.messageId ?? first?.['message-id'];
        if (!id) throw new DeliveryError('transient', 'Vonage accepted the request but named no message id');
        return { providerMessageId: id };
      } catch (error) {
        if (error instanceof DeliveryError) throw error;
        const [result] = resultsOf(error);
        if (result?.status !== undefined) {
          const reason = result.errorText ?? result['error-text'] ?? 'no reason given';
          const kind = TRANSIENT_STATUSES.has(result.status) ? 'transient' : 'permanent';
          throw new DeliveryError(kind, `Vonage status ${result.status}: ${reason}`, { cause: error });
        }
        // No answer from Vonage at all (connection refused, timeout, a 5xx page): try again later.
        throw new DeliveryError('transient', `Vonage could not be reached: ${(error as Error).message}`, {
          cause: error,
        });
      }
    },
  };
}
