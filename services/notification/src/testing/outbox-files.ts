import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** The files an outbox adapter wrote to `dir` whose names end in `suffix`, in name order, parsed. */
export async function outboxFiles<T>(
  dir: string,
  suffix: string,
  parse: (content: Buffer) => T | Promise<T>,
): Promise<T[]> {
  const names = (await readdir(dir)).filter((name) => name.endsWith(suffix)).sort();
  return Promise.all(names.map(async (name) => parse(await readFile(join(dir, name)))));
}
