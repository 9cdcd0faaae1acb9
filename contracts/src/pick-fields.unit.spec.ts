import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { pickFields, pickKeys } from './pick-fields';

describe('pickKeys', () => {
  it('copies the named keys, in the order named, and nothing else', () => {
    const source = { a: 1, b: 'two', c: null };
    const picked = pickKeys(source, ['c', 'a']);
    expect(picked).toEqual({ c: null, a: 1 });
    expect(Object.keys(picked)).toEqual(['c', 'a']);
  });

  it('copies a key the source lacks as undefined, as writing it out would', () => {
    const picked = pickKeys({ a: 1 } as { a: number; d?: number }, ['a', 'd']);
    expect(Object.keys(picked)).toEqual(['a', 'd']);
    expect(JSON.stringify(picked)).toBe('{"a":1}');
  });
});

describe('pickFields', () => {
  const schema = z.object({ id: z.string(), count: z.int(), note: z.string().optional() });

  it("keeps the schema's fields in its order and drops the rest, without parsing", () => {
    const source = { extra: true, count: 2.5, id: 'x' };
    const picked = pickFields(schema, source);
    expect(Object.keys(picked)).toEqual(['id', 'count', 'note']);
    expect(JSON.stringify(picked)).toBe('{"id":"x","count":2.5}');
  });
});
