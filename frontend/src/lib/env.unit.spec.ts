import { describe, expect, it } from 'vitest';
import { parseAppConfig } from './env';

describe('parseAppConfig', () => {
  it('reads the configuration the gateway writes', () => {
    expect(parseAppConfig('{"contactEmail":"help@harbour.example","demoMode":true}')).toEqual({
      contactEmail: 'help@harbour.example',
      demoMode: true,
    });
  });

  it.each([
    ['no script tag', null],
    ['unreadable JSON', '{contactEmail:'],
    ['an invalid address', '{"contactEmail":"not an email","demoMode":"yes"}'],
  ])('falls back to the defaults for %s', (_, raw) => {
    expect(parseAppConfig(raw)).toEqual({ contactEmail: 'support@example.com', demoMode: false });
  });
});
