import type { LookupAddress, LookupOptions } from 'node:dns';
import { describe, expect, it } from 'vitest';
import { addressRange, checkWebhookTarget, pinnedLookup, type Resolve, type WebhookTarget } from './index';

const PUBLIC_V4 = '93.184.215.14';
const PUBLIC_V6 = '2606:2800:21f:cb07:6820:80da:af6b:8b2c';

/** DNS that answers `answers[name]`, and counts its questions. */
function fakeDns(answers: Record<string, string[]>) {
  const asked: string[] = [];
  const resolve: Resolve = async (hostname) => {
    asked.push(hostname);
    const addresses = answers[hostname];
    if (addresses === undefined)
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address }));
  };
  return { resolve, asked };
}

function lookupOnce(target: WebhookTarget, hostname: string, options: LookupOptions) {
  return new Promise<{
    error: NodeJS.ErrnoException | null;
    address: string | LookupAddress[];
    family?: number;
  }>((resolve) =>
    pinnedLookup(target)(hostname, options, (error, address, family) => resolve({ error, address, family })),
  );
}

describe('addressRange', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['10.0.0.1', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'carrierGradeNat'],
    ['100.127.255.255', 'carrierGradeNat'],
    ['169.254.169.254', 'linkLocal'], // the cloud metadata service
    ['169.254.0.1', 'linkLocal'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['192.0.2.1', 'reserved'], // documentation
    ['198.18.0.1', 'reserved'], // benchmarking
    ['240.0.0.1', 'reserved'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fe80::1', 'linkLocal'],
    ['febf:ffff::1', 'linkLocal'],
    ['fe80::1%eth0', 'linkLocal'],
    ['fc00::1', 'uniqueLocal'],
    ['fd12:3456:789a::1', 'uniqueLocal'],
    ['ff02::1', 'multicast'],
    ['ff05::1:3', 'multicast'],
    ['2001:db8::1', 'reserved'], // documentation
    ['3fff::1', 'reserved'], // documentation
    ['2001::1', 'teredo'],
    ['2001:2::1', 'benchmarking'],
    ['100::1', 'discard'],
    ['fec0::1', 'deprecatedSiteLocal'],
    ['5f00::1', 'segmentRouting'],
    ['4000::1', 'reserved'], // outside 2000::/3, the only block allocated for global unicast
  ])('refuses the address %s (%s)', (address, range) => {
    expect(addressRange(address)).toBe(range);
  });

  it.each([
    PUBLIC_V4,
    '8.8.8.8',
    '1.1.1.1',
    '11.0.0.1',
    '172.15.255.255',
    '172.32.0.1',
    '192.169.0.1',
    '100.63.255.255',
    '100.128.0.1',
    '169.253.255.255',
  ])('accepts the public IPv4 address %s', (address) => {
    expect(addressRange(address)).toBe('public');
  });

  it.each([PUBLIC_V6, '2606:4700:4700::1111', '2001:4860:4860::8888', '2a00:1450:4001:81c::200e'])(
    'accepts the public IPv6 address %s',
    (address) => {
      expect(addressRange(address)).toBe('public');
    },
  );

  it.each([
    ['::ffff:127.0.0.1', 'ipv4Mapped loopback'],
    ['::ffff:7f00:1', 'ipv4Mapped loopback'],
    ['0:0:0:0:0:ffff:7f00:1', 'ipv4Mapped loopback'],
    ['::ffff:10.0.0.1', 'ipv4Mapped private'],
    ['::ffff:a9fe:a9fe', 'ipv4Mapped linkLocal'],
    ['::ffff:100.64.0.1', 'ipv4Mapped carrierGradeNat'],
    ['::ffff:0:127.0.0.1', 'rfc6145 loopback'],
    ['::127.0.0.1', 'ipv4Compatible'],
    ['::7f00:1', 'ipv4Compatible'],
    ['::8.8.8.8', 'ipv4Compatible'], // deprecated: refused whatever it carries
    ['0:0:0:0:0:0:808:808', 'ipv4Compatible'],
    ['64:ff9b::7f00:1', 'nat64 loopback'],
    ['64:ff9b::10.0.0.1', 'nat64 private'],
    ['64:ff9b::169.254.169.254', 'nat64 linkLocal'],
    ['64:ff9b:1::a00:1', 'nat64 local-use'],
    ['2002:7f00:1::1', '6to4 loopback'],
    ['2002:c0a8:101::1', '6to4 private'],
  ])('refuses %s, an IPv6 form of an address that is not public (%s)', (address, range) => {
    expect(addressRange(address)).toBe(range);
  });

  it.each(['::ffff:8.8.8.8', '::ffff:5db8:d70e', '::ffff:0:8.8.8.8', '64:ff9b::8.8.8.8', '2002:808:808::1'])(
    'accepts %s, an IPv6 form of a public IPv4 address',
    (address) => {
      expect(addressRange(address)).toBe('public');
    },
  );

  it('calls anything else invalid', () => {
    for (const text of ['', 'localhost', '0x7f.1', '2130706433', '127.1', '::ffff:127.0.0.256', '[::1]']) {
      expect(addressRange(text)).toBe('invalid');
    }
  });
});

describe('checkWebhookTarget', () => {
  it('accepts an https URL whose name has only public addresses, and returns them', async () => {
    const dns = fakeDns({ 'crm.example.com': [PUBLIC_V4, PUBLIC_V6, PUBLIC_V4] });
    const check = await checkWebhookTarget('https://crm.example.com/hooks/risk?x=1', {
      resolve: dns.resolve,
    });
    expect(check).toEqual({
      ok: true,
      target: {
        url: new URL('https://crm.example.com/hooks/risk?x=1'),
        hostname: 'crm.example.com',
        addresses: [
          { address: PUBLIC_V4, family: 4 },
          { address: PUBLIC_V6, family: 6 },
        ],
      },
    });
  });

  it('refuses http, and every scheme but https and http even when insecure targets are allowed', async () => {
    const { resolve } = fakeDns({ 'crm.example.com': [PUBLIC_V4] });
    expect(await checkWebhookTarget('http://crm.example.com/', { resolve })).toMatchObject({
      ok: false,
      refusal: 'insecure-scheme',
      message: 'Webhook URLs use https, not http',
    });
    for (const url of ['ftp://crm.example.com/', 'file:///etc/passwd', 'ws://crm.example.com/']) {
      expect(await checkWebhookTarget(url, { resolve, allowInsecure: true })).toMatchObject({
        ok: false,
        refusal: 'insecure-scheme',
      });
    }
  });

  // An https URL without a host, or with a zone in an IPv6 host, does not parse.
  it('refuses what is not a URL', async () => {
    for (const url of [
      'crm.example.com/hooks',
      'https://',
      'https://exa mple.com/',
      'https://[fe80::1%eth0]/',
    ]) {
      expect(await checkWebhookTarget(url, { resolve: fakeDns({}).resolve })).toMatchObject({
        ok: false,
        refusal: 'invalid-url',
      });
    }
  });

  it.each([
    'https://127.0.0.1/',
    'https://127.0.0.1:8443/hooks',
    'https://0x7f.1/', // the URL parser makes these 127.0.0.1
    'https://2130706433/',
    'https://0177.0.0.1/',
    'https://10.1.2.3/',
    'https://169.254.169.254/latest/meta-data/',
    'https://[::1]/',
    'https://[::ffff:127.0.0.1]/',
    'https://[::ffff:7f00:1]/',
    'https://[64:ff9b::a9fe:a9fe]/',
    'https://[fd00::1]/',
  ])('refuses %s, an address that is not public, without asking DNS', async (url) => {
    const dns = fakeDns({});
    const check = await checkWebhookTarget(url, { resolve: dns.resolve });
    expect(check).toMatchObject({ ok: false, refusal: 'blocked-address' });
    expect(dns.asked).toEqual([]);
  });

  it('refuses a name when any of its addresses is not public, and says which', async () => {
    const { resolve } = fakeDns({
      'mixed.example.com': [PUBLIC_V4, '10.0.0.7'],
      'metadata.example.com': ['169.254.169.254'],
      'mapped.example.com': [PUBLIC_V6, '::ffff:127.0.0.1'],
      'localhost.example.com': ['127.0.0.1', '::1'],
    });
    expect(await checkWebhookTarget('https://mixed.example.com/', { resolve })).toEqual({
      ok: false,
      refusal: 'blocked-address',
      message: 'mixed.example.com resolves to 10.0.0.7, which is not a public address (private)',
    });
    for (const host of ['metadata', 'mapped', 'localhost']) {
      expect(await checkWebhookTarget(`https://${host}.example.com/`, { resolve })).toMatchObject({
        ok: false,
        refusal: 'blocked-address',
      });
    }
  });

  it('refuses a name that does not resolve, resolves to nothing or to something not an address', async () => {
    const { resolve } = fakeDns({ 'empty.example.com': [], 'odd.example.com': ['not-an-address'] });
    for (const host of ['missing.example.com', 'empty.example.com', 'odd.example.com']) {
      expect(await checkWebhookTarget(`https://${host}/`, { resolve })).toMatchObject({
        ok: false,
        refusal: 'unresolved',
      });
    }
  });

  it('allows http and any address when insecure targets are allowed, still pinned', async () => {
    const { resolve } = fakeDns({ 'receiver.test': ['127.0.0.1'] });
    const check = await checkWebhookTarget('http://receiver.test:4010/hook', {
      resolve,
      allowInsecure: true,
    });
    expect(check).toMatchObject({ ok: true, target: { addresses: [{ address: '127.0.0.1', family: 4 }] } });
    expect(
      await checkWebhookTarget('http://[::1]:4010/hook', { resolve, allowInsecure: true }),
    ).toMatchObject({
      ok: true,
      target: { hostname: '::1', addresses: [{ address: '::1', family: 6 }] },
    });
  });
});

describe('DNS answers that change between the check and the connection', () => {
  // A rebinding name: public while it is checked, loopback by the time the connection looks it up.
  function rebindingDns() {
    let calls = 0;
    const resolve: Resolve = async () => [{ address: calls++ === 0 ? PUBLIC_V4 : '127.0.0.1' }];
    return { resolve, calls: () => calls };
  }

  it('connects to the address that was checked, without asking DNS again', async () => {
    const dns = rebindingDns();
    const check = await checkWebhookTarget('https://rebind.example.com/', { resolve: dns.resolve });
    if (!check.ok) throw new Error(check.message);
    expect(await lookupOnce(check.target, 'rebind.example.com', {})).toEqual({
      error: null,
      address: PUBLIC_V4,
      family: 4,
    });
    expect(await lookupOnce(check.target, 'rebind.example.com', { all: true })).toEqual({
      error: null,
      address: [{ address: PUBLIC_V4, family: 4 }],
      family: undefined,
    });
    expect(dns.calls()).toBe(1);
  });

  it('refuses the name on the next delivery, which checks again', async () => {
    const dns = rebindingDns();
    expect((await checkWebhookTarget('https://rebind.example.com/', { resolve: dns.resolve })).ok).toBe(true);
    expect(await checkWebhookTarget('https://rebind.example.com/', { resolve: dns.resolve })).toMatchObject({
      ok: false,
      refusal: 'blocked-address',
    });
  });

  it('answers no other name, and only the family asked for', async () => {
    const { resolve } = fakeDns({ 'crm.example.com': [PUBLIC_V4, PUBLIC_V6] });
    const check = await checkWebhookTarget('https://crm.example.com/', { resolve });
    if (!check.ok) throw new Error(check.message);
    const other = await lookupOnce(check.target, 'internal.example.com', {});
    expect(other.error?.code).toBe('ENOTFOUND');
    expect(await lookupOnce(check.target, 'crm.example.com', { family: 6 })).toMatchObject({
      address: PUBLIC_V6,
    });
    expect(await lookupOnce(check.target, 'crm.example.com', { family: 'IPv4', all: true })).toMatchObject({
      address: [{ address: PUBLIC_V4, family: 4 }],
    });

    const v6only = await checkWebhookTarget('https://[2606:4700:4700::1111]/', { resolve });
    if (!v6only.ok) throw new Error(v6only.message);
    const none = await lookupOnce(v6only.target, '2606:4700:4700::1111', { family: 4 });
    expect(none.error?.code).toBe('ENOTFOUND');
  });

  it('answers after the caller has returned, as dns.lookup does', () => {
    const target: WebhookTarget = {
      url: new URL('https://crm.example.com/'),
      hostname: 'crm.example.com',
      addresses: [{ address: PUBLIC_V4, family: 4 }],
    };
    let answered = false;
    pinnedLookup(target)('crm.example.com', {}, () => {
      answered = true;
    });
    expect(answered).toBe(false);
  });
});
