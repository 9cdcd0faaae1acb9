/**
 * One key per mailbox or phone, so a cap per recipient cannot be dodged by writing one address
 * many ways: numbers with any spacing; emails in any case, without a `+tag` (most providers
 * deliver `jo+1@x.com` to `jo@x.com`), and for Gmail without dots in the name and with
 * googlemail.com as gmail.com. Stored with each delivery (`recipient_key`); migration 003 computes
 * the same for rows recorded before it.
 */
export function recipientKey(recipient: string): string {
  const plain = recipient.replace(/ /g, '').toLowerCase();
  const at = plain.lastIndexOf('@');
  if (at < 0) return plain;
  const name = plain.slice(0, at).replace(/\+.*$/s, '');
  const domain = plain.slice(at + 1);
  return domain === 'gmail.com' || domain === 'googlemail.com'
    ? `${name.replace(/\./g, '')}@gmail.com`
    : `${name}@${domain}`;
}
