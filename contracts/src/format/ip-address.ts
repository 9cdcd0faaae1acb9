// An IPv4 client reaching a dual-stack server is recorded as an IPv4-mapped IPv6 address.
const IPV4_MAPPED = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

/**
 * An IP address as a reader expects it: an IPv4-mapped IPv6 address (`::ffff:127.0.0.1`) as the
 * IPv4 address it stands for (`127.0.0.1`); any other address as recorded.
 */
export function displayIpAddress(ip: string): string {
  return IPV4_MAPPED.exec(ip.trim())?.[1] ?? ip;
}
