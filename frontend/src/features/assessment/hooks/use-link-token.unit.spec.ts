import { describe, expect, it } from 'vitest';
import { withoutToken } from './use-link-token';

describe('withoutToken', () => {
  it.each([
    ['/', '?token=abc', '', '/'],
    ['/demo-adviser', '?token=abc&utm_source=sms', '', '/demo-adviser?utm_source=sms'],
    ['/demo-adviser', '?a=1&token=abc', 'top', '/demo-adviser?a=1#top'],
  ])('%s%s becomes the address without the token', (pathname, search, hash, expected) => {
    expect(withoutToken(pathname, search, hash)).toBe(expected);
  });
});
