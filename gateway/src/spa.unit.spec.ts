import { ADVISER_PAGE_ROUTE, PAGE_ROUTES } from '@risk-profile/contracts';
import { describe, expect, it } from 'vitest';
import { securityTxt } from './security-txt';
import { ADVISER_LOOKUP_TTL_MS, adviserPageSlug, cachedLookup, isSpaRoute } from './spa';

describe('SPA routes of the product', () => {
  it.each([
    '/',
    '/privacy',
    '/security',
    '/admin/dashboard',
    '/admin/advisers',
    '/set-password',
    '/assessment/123/completed',
    '/assessment/123/declined',
    '/adviser',
    '/adviser/links',
    '/adviser/assessments/123',
    '/admin/assessments',
    '/admin/assessments/123',
    '/admin/access-log',
    '/admin/data-requests',
    '/admin/analyst-queries',
    '/analyst',
    '/analyst/',
    '/analyst/tokens',
    '/l/AbCdEfGhIj',
  ])('serves the page for %s', (path) => {
    expect(isSpaRoute(path)).toBe(true);
  });

  const pages = PAGE_ROUTES.filter((route) => route !== ADVISER_PAGE_ROUTE).map((route) =>
    route.replace(/\$[A-Za-z]+/g, 'AbC123'),
  );
  it.each(pages)('serves the page for %s, a route of the front end (PAGE_ROUTES)', (path) => {
    expect(isSpaRoute(path)).toBe(true);
    expect(isSpaRoute(`${path}/`.replace('//', '/'))).toBe(true);
  });

  it.each([
    '/admin',
    '/analyst/other',
    '/admin/data-requests/x',
    '/register',
    '/api',
    '/assessment',
    '/a/b/c',
    '/assessment/1/other',
    '/adviser/other',
    '/admin/assessments/1/other',
    '/x.php',
    '/demo-adviser',
    '/l/AbCd-fGhIj',
    '/l/AbCdEfGhIj/more',
  ])('answers 404 for %s (an adviser page is decided by a lookup)', (path) => {
    expect(isSpaRoute(path)).toBe(false);
  });

  it.each([
    ['/demo-adviser', 'demo-adviser'],
    ['/demo-adviser/', 'demo-adviser'],
    ['/admin', undefined],
    ['/login', undefined],
    ['/set-password', undefined],
    ['/analyst', undefined],
    ['/adviser', undefined],
    ['/x.php', undefined],
    ['/Demo', undefined],
  ])('reads %s as the adviser page of %s', (path, slug) => {
    expect(adviserPageSlug(path)).toBe(slug);
  });

  it('remembers a lookup briefly, then asks again', async () => {
    let calls = 0;
    let now = 0;
    const lookup = cachedLookup(
      async (slug) => {
        calls += 1;
        return slug === 'known';
      },
      () => now,
    );
    expect(await lookup('known')).toBe(true);
    expect(await lookup('known')).toBe(true);
    expect(calls).toBe(1);
    now = ADVISER_LOOKUP_TTL_MS;
    expect(await lookup('known')).toBe(true);
    expect(calls).toBe(2);
  });
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
