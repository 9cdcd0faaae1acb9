import { describe, expect, it } from 'vitest';
import { securityTxt } from './security-txt';
import { isSpaRoute } from './spa';

describe('SPA routes of the product', () => {
  it.each([
    '/',
    '/privacy',
    '/security',
    '/login',
    '/admin/login',
    '/admin/dashboard',
    '/assessment/123/completed',
    '/assessment/123/declined',
    '/demo-adviser',
    '/demo-adviser/',
  ])('serves the page for %s', (path) => {
    expect(isSpaRoute(path)).toBe(true);
  });

  it.each(['/admin', '/register', '/api', '/assessment', '/a/b/c', '/assessment/1/other', '/x.php'])(
    'answers 404 for %s',
    (path) => {
      expect(isSpaRoute(path)).toBe(false);
    },
  );
});

describe('security.txt (RFC 9116)', () => {
  const text = securityTxt({
    contactEmail: 'security@example.com',
    publicUrl: 'https://risk.example.com/',
    now: new Date('2026-11-21T00:00:00Z'),
  });

  it('names a contact, the policy page and the canonical address', () => {
    expect(text).toContain('Contact: mailto:security@example.com\n');
    expect(text).toContain('Policy: https://risk.example.com/security\n');
    expect(text).toContain('Canonical: https://risk.example.com/.well-known/security.txt\n');
  });

  it('expires less than a year ahead', () => {
    const expires = new Date(/Expires: (.+)/.exec(text)![1]!);
    expect(expires.toISOString()).toBe('2027-05-20T00:00:00.000Z');
  });
});
