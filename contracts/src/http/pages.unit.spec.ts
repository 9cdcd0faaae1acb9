import { describe, expect, it } from 'vitest';
import { adviserSlugSchema } from './advisers';
import { ADVISER_PAGE_ROUTE, PAGE_ROUTES } from './pages';

describe('PAGE_ROUTES', () => {
  const firstSegments = [
    ...new Set(
      PAGE_ROUTES.filter((route) => route !== ADVISER_PAGE_ROUTE)
        .map((route) => route.split('/')[1] ?? '')
        .filter((segment) => segment !== ''),
    ),
  ];

  it.each(firstSegments)('keeps the first segment %s from ever being an adviser page', (segment) => {
    expect(adviserSlugSchema.safeParse(segment).success).toBe(false);
  });

  it('lists each page once', () => {
    expect(new Set(PAGE_ROUTES).size).toBe(PAGE_ROUTES.length);
  });
});
