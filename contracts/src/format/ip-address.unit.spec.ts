import { describe, expect, it } from 'vitest';
import { displayIpAddress } from './ip-address';

describe('displayIpAddress', () => {
  it('shows an IPv4-mapped IPv6 address as IPv4', () => {
    expect(displayIpAddress('::ffff:127.0.0.1')).toBe('127.0.0.1');
    expect(displayIpAddress('::FFFF:203.0.113.7')).toBe('203.0.113.7');
  });

  it('leaves every other address as recorded', () => {
    for (const ip of ['203.0.113.7', '2001:db8::1', '::1', '::ffff:7f00:1', 'unknown']) {
      expect(displayIpAddress(ip)).toBe(ip);
    }
  });
});
