import { readdir, unlink } from 'node:fs/promises';
import { join } from 'node:path';

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * Deletes the files of an outbox folder that `goes` picks; returns how many went. A missing
 * folder, or a file another instance deleted first, is not an error: the instances share it.
 */
export async function deleteOutboxFilesWhere(
  dir: string,
  goes: (name: string, path: string) => boolean | Promise<boolean>,
): Promise<number> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if (isMissing(error)) return 0;
    throw error;
  }
  let deleted = 0;
  for (const name of names) {
    const path = join(dir, name);
    try {
      if (!(await goes(name, path))) continue;
      await unlink(path);
      deleted += 1;
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
  }
  return deleted;
}
