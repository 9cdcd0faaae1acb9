import type { z } from 'zod';

/**
 * A copy of `source` with only `keys`, in their order. A key the source lacks is copied as undefined,
 * as `key: source.key` would, so JSON drops it and canonical JSON refuses it.
 */
export function pickKeys<T extends object, const K extends keyof T>(
  source: T,
  keys: readonly K[],
): Pick<T, K> {
  const picked: Partial<Pick<T, K>> = {};
  for (const key of keys) picked[key] = source[key];
  return picked as Pick<T, K>;
}

/**
 * The fields of `source` that an object schema names, in the schema's order, without parsing: a
 * mapping written this way carries a field as soon as its contract does, and the type asks that
 * the source holds every field the schema needs.
 */
export function pickFields<S extends z.ZodObject>(schema: S, source: z.output<S>): z.output<S> {
  // Every key of the output is in the shape, so picking them all gives the whole output type.
  return pickKeys(source, Object.keys(schema.shape) as (keyof z.output<S>)[]) as z.output<S>;
}
