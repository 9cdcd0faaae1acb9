import { describe, expect, it } from 'vitest';
import { findUnstorableText, isStorableText } from './storable-text';

describe('storable text', () => {
  it.each([
    ['plain text', 'Jo Citizen', true],
    ['an emoji (a surrogate pair)', 'ok 👍', true],
    ['the empty string', '', true],
    ['a NUL character', 'a\u0000b', false],
    ['a lone high surrogate', 'a\uD800b', false],
    ['a lone high surrogate at the end', 'a\uD83D', false],
    ['a lone low surrogate', '\uDC00a', false],
    ['a pair in the wrong order', '\uDC00\uD800', false],
  ])('%s is storable: %s', (_name, text, storable) => {
    expect(isStorableText(text)).toBe(storable);
  });

  it('names the path of the first unstorable value or key, under a prefix', () => {
    const input = { a: [1, { ok: 'fine', deep: ['x', 'y\u0000'] }], later: '\uD800' };
    expect(findUnstorableText(input)).toEqual(['a', '1', 'deep', '1']);
    expect(findUnstorableText(input, ['body'])).toEqual(['body', 'a', '1', 'deep', '1']);
    expect(findUnstorableText({ ok: { ['k\uDC00']: 1 } })).toEqual(['ok', 'k\uDC00']);
    expect(findUnstorableText('\u0000', ['field'])).toEqual(['field']);
  });

  it('finds nothing in storable input, numbers, booleans and null', () => {
    expect(findUnstorableText({ a: [1, true, null, 'x', { b: 'émoji 👍' }] })).toBeUndefined();
    expect(findUnstorableText(42)).toBeUndefined();
    expect(findUnstorableText(null)).toBeUndefined();
  });

  it('reads own keys only', () => {
    const inherited = Object.create({ ['bad\u0000']: 'x' }) as Record<string, unknown>;
    inherited.fine = 'y';
    expect(findUnstorableText(inherited)).toBeUndefined();
  });

  it('walks input nested deeper than the call stack allows, without recursing', () => {
    const depth = 100_000;
    let clean: unknown = 'fine';
    let dirty: unknown = 'bad\u0000';
    for (let level = 0; level < depth; level++) {
      clean = level % 2 === 0 ? [clean] : { k: clean };
      dirty = level % 2 === 0 ? [dirty] : { k: dirty };
    }
    expect(findUnstorableText(clean)).toBeUndefined();
    const path = findUnstorableText(dirty);
    expect(path).toHaveLength(depth);
    expect(path?.slice(-2)).toEqual(['k', '0']);
  });
});
