import { describe, expect, it } from 'vitest';
import { withoutToken } from '../hooks/use-link-token';
import { longLinkPath } from './resolve-short-link';

describe('the long link a short one leads to', () => {
  it('is the adviser page with the token, which the page then takes out of the address', () => {
    const path = longLinkPath('demo-adviser', 'AbC-_123');
    expect(path).toBe('/demo-adviser?token=AbC-_123');
    const url = new URL(path, 'https://advice.example.com');
    expect(url.searchParams.get('token')).toBe('AbC-_123');
    expect(withoutToken(url.pathname, url.search, '')).toBe('/demo-adviser');
  });

  it('cannot be steered elsewhere by what the server answers', () => {
    const url = new URL(longLinkPath('//evil.example/x', 'a&b=c'), 'https://advice.example.com');
    expect(url.origin).toBe('https://advice.example.com');
    expect(url.searchParams.get('token')).toBe('a&b=c');
  });
});
