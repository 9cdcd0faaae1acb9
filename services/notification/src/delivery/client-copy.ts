/**
 * Where the client's copy of a signed report goes: the report by email when they gave an address,
 * else a text message to their mobile; nothing when they gave neither. One rule for the copy sent
 * at signing and for a copy sent again.
 */
export function clientCopyOf(client: {
  clientEmail: string | null;
  clientPhone: string | null;
}): { recipientRole: 'client'; kind: 'client-report' | 'client-sms'; recipient: string } | null {
  if (client.clientEmail)
    return { recipientRole: 'client', kind: 'client-report', recipient: client.clientEmail };
  if (client.clientPhone)
    return { recipientRole: 'client', kind: 'client-sms', recipient: client.clientPhone };
  return null;
}
