import { SHORT_LINK_CODE_ALPHABET, shortLinkCodeSchema } from '@risk-profile/contracts';
import { describe, expect, it } from 'vitest';
import { generateShortCode } from './short-links';

describe('a short link code', () => {
  const codes = Array.from({ length: 5000 }, generateShortCode);

  it('is ten base62 characters, as the resolve endpoint accepts', () => {
    for (const code of codes) {
      expect(code).toMatch(/^[0-9A-Za-z]{10}$/);
      expect(shortLinkCodeSchema.safeParse(code).success).toBe(true);
    }
  });

  it('differs each time', () => {
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('draws from the whole alphabet, at every position', () => {
    const seen = new Set(codes.join(''));
    expect([...SHORT_LINK_CODE_ALPHABET].filter((c) => !seen.has(c))).toEqual([]);
    for (let position = 0; position < 10; position++) {
      expect(new Set(codes.map((code) => code[position])).size).toBeGreaterThan(55);
    }
  });
});
