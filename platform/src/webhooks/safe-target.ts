import { lookup } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

// Administrators type webhook URLs, and the delivery runs inside our network: without these checks
// an endpoint could make us POST to the metadata service, a database's HTTP port or anything else
// on the private network (server-side request forgery; the specification's SSRF section).
//
// How the delivery must use this module (ADR 0027), on every attempt, not once at registration:
//   1. `checkWebhookTarget(endpoint.url, { allowInsecure })`; a refusal is recorded on the attempt
//      as a failure (the schedule retries it, so a name that was briefly misconfigured recovers).
//   2. `https.request(target.url, { lookup: pinnedLookup(target), … })`: Node then connects to an
//      address that was checked and never asks DNS again, so a name that answers a public address
//      to the check and 127.0.0.1 to the connect (DNS rebinding) cannot slip through. The URL's
//      host still names the server for TLS (SNI, certificate check) and the Host header.
//   3. No redirects are followed (a 3xx is a failure), and no proxy from the environment is used
//      (leave NODE_USE_ENV_PROXY unset): either would connect to an address this module never
//      saw. Hence `https.request`, not `fetch`, whose bundled client takes no `lookup`.
// Registration may check too, to answer a mistyped URL at once, but that check proves nothing
// about later deliveries: names change owners and addresses.

export interface ResolvedAddress {
  readonly address: string;
  readonly family: 4 | 6;
}

/** Every address a name has, as `dns.lookup(name, { all: true })` answers. */
export type Resolve = (hostname: string) => Promise<readonly { readonly address: string }[]>;

// getaddrinfo, as Node's own connect would use: /etc/hosts included, so `localhost` is caught.
const systemResolve: Resolve = (hostname) => lookup(hostname, { all: true, order: 'verbatim' });

function embeddedIPv4(parts: readonly number[], high: number): ipaddr.IPv4 {
  const word = (i: number) => parts[i] ?? 0;
  return new ipaddr.IPv4([word(high) >> 8, word(high) & 0xff, word(high + 1) >> 8, word(high + 1) & 0xff]);
}

function ipv4Range(address: ipaddr.IPv4): string {
  const range = address.range();
  return range === 'unicast' ? 'public' : range;
}

// IPv6 forms that carry an IPv4 address reach that address: they are as safe as what they carry.
function ipv6Range(address: ipaddr.IPv6): string {
  const range = address.range();
  const { parts } = address;
  const inner = (label: string, high: number) => {
    const carried = ipv4Range(embeddedIPv4(parts, high));
    return carried === 'public' ? 'public' : `${label} ${carried}`;
  };
  switch (range) {
    case 'ipv4Mapped': // ::ffff:a.b.c.d, how a dual-stack socket reaches IPv4
    case 'rfc6145': // ::ffff:0:a.b.c.d, IPv4-translated
      return inner(range, 6);
    case 'rfc6052':
      // 64:ff9b::/96 is the well-known NAT64 prefix; 64:ff9b:1::/48 is for a network's own
      // translators, so by definition internal.
      return parts[2] === 0 ? inner('nat64', 6) : 'nat64 local-use';
    case '6to4': // 2002:aabb:ccdd::/48 routes to a.b.c.d
      return inner(range, 1);
    case 'unicast':
      // ipaddr.js calls whatever it has no name for unicast; only 2000::/3 is allocated for
      // global unicast, and ::a.b.c.d (IPv4-compatible, deprecated) lies outside it.
      if (((parts[0] ?? 0) & 0xe000) === 0x2000) return 'public';
      return parts.slice(0, 6).every((part) => part === 0) ? 'ipv4Compatible' : 'reserved';
    default:
      return range;
  }
}

/**
 * `public`, or the kind of address that is refused as a webhook target: loopback, private,
 * linkLocal (the cloud metadata address 169.254.169.254 among them), carrierGradeNat,
 * uniqueLocal, unspecified, multicast, reserved, documentation and the like, directly or carried
 * in an IPv6 form (`ipv4Mapped loopback`).
 */
export function addressRange(address: string): string {
  const family = isIP(address);
  if (family === 4) return ipv4Range(ipaddr.IPv4.parse(address));
  if (family === 0) return 'invalid';
  // ipaddr.js reads the dotted form ::a.b.c.d as ::ffff:a.b.c.d; the URL parser writes every IPv6
  // address in hexadecimal (::7f00:1), which it reads as written. The zone (%eth0) names an
  // interface, not a range.
  const hex = URL.parse(`http://[${address.replace(/%.*$/, '')}]/`)?.hostname.slice(1, -1);
  return hex === undefined ? 'invalid' : ipv6Range(ipaddr.IPv6.parse(hex));
}

export interface WebhookTarget {
  readonly url: URL;
  /** The host to connect to, without an IPv6 literal's brackets. */
  readonly hostname: string;
  /** The addresses that were checked: the only ones the delivery may connect to. */
  readonly addresses: readonly ResolvedAddress[];
}

export type TargetRefusal = 'invalid-url' | 'insecure-scheme' | 'unresolved' | 'blocked-address';

export type WebhookTargetCheck =
  | { readonly ok: true; readonly target: WebhookTarget }
  | { readonly ok: false; readonly refusal: TargetRefusal; readonly message: string };

export interface TargetCheckOptions {
  /** DNS; the system's resolver by default. */
  readonly resolve?: Resolve;
  /** `WEBHOOK_ALLOW_INSECURE_TARGETS`: http and any address, for tests on loopback receivers. */
  readonly allowInsecure?: boolean;
}

function refuse(refusal: TargetRefusal, message: string): WebhookTargetCheck {
  return { ok: false, refusal, message };
}

async function resolveAll(hostname: string, resolve: Resolve): Promise<ResolvedAddress[] | string> {
  const literal = isIP(hostname);
  if (literal !== 0) return [{ address: hostname, family: literal as 4 | 6 }];
  let answers: readonly { readonly address: string }[];
  try {
    answers = await resolve(hostname);
  } catch (error) {
    return `${hostname} did not resolve: ${(error as Error).message}`;
  }
  const addresses: ResolvedAddress[] = [];
  for (const { address } of answers) {
    const family = isIP(address);
    if (family === 0) return `${hostname} resolved to ${JSON.stringify(address)}, not an address`;
    if (addresses.every((known) => known.address !== address)) {
      addresses.push({ address, family: family as 4 | 6 });
    }
  }
  return addresses.length > 0 ? addresses : `${hostname} has no address`;
}

/**
 * Whether `url` may receive webhooks: https, and a host whose every address is public. On success
 * the checked addresses come back for `pinnedLookup`, so the delivery connects to one of them.
 */
export async function checkWebhookTarget(
  url: string | URL,
  options: TargetCheckOptions = {},
): Promise<WebhookTargetCheck> {
  const parsed = URL.parse(String(url));
  if (parsed === null) return refuse('invalid-url', `${String(url)} is not a URL`);
  const insecure = options.allowInsecure === true;
  if (parsed.protocol !== 'https:' && !(insecure && parsed.protocol === 'http:')) {
    return refuse('insecure-scheme', `Webhook URLs use https, not ${parsed.protocol.slice(0, -1)}`);
  }
  const hostname = parsed.hostname.replace(/^\[(.*)\]$/, '$1');
  const addresses = await resolveAll(hostname, options.resolve ?? systemResolve);
  if (typeof addresses === 'string') return refuse('unresolved', addresses);
  if (!insecure) {
    // One refused address refuses the name: which of several the connection would use is not ours
    // to choose (Happy Eyeballs tries them all).
    for (const { address } of addresses) {
      const range = addressRange(address);
      if (range !== 'public') {
        const named = hostname === address ? address : `${hostname} resolves to ${address}, which`;
        return refuse('blocked-address', `${named} is not a public address (${range})`);
      }
    }
  }
  return { ok: true, target: { url: parsed, hostname, addresses } };
}

function familyOf(family: number | 'IPv4' | 'IPv6' | undefined): number {
  if (family === 'IPv4') return 4;
  if (family === 'IPv6') return 6;
  return family ?? 0;
}

/**
 * A `lookup` for `https.request`, `net.connect` or `tls.connect` that answers the target's checked
 * addresses and nothing else: DNS is not asked again between the check and the connection.
 */
export function pinnedLookup(target: WebhookTarget): LookupFunction {
  // Answered on the next tick, as dns.lookup does: callers may rely on the callback coming later.
  return (hostname, options, callback) => process.nextTick(answer, hostname, options, callback);
  function answer(...[hostname, options, callback]: Parameters<LookupFunction>) {
    const family = familyOf(options.family);
    const addresses = target.addresses.filter((address) => family === 0 || address.family === family);
    const first = addresses[0];
    if (hostname !== target.hostname || first === undefined) {
      // ENOTFOUND, as for a name without addresses: the connection fails as an attempt does.
      const error: NodeJS.ErrnoException = new Error(`${hostname} was not checked as a webhook target`);
      error.code = 'ENOTFOUND';
      callback(error, options.all ? [] : '');
      return;
    }
    if (options.all) callback(null, [...addresses]);
    else callback(null, first.address, first.family);
  }
}
