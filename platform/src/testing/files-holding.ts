import { lstatSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** The bytes with ASCII letters in lower case: an address or name matches in any case. */
function foldAscii(bytes: Uint8Array): Buffer {
  const folded = Buffer.from(bytes);
  for (let i = 0; i < folded.length; i += 1) {
    const byte = folded[i]!;
    if (byte >= 0x41 && byte <= 0x5a) folded[i] = byte + 0x20;
  }
  return folded;
}

/**
 * Every regular file under `dir` (but the `excluded` paths, relative to `dir`) whose bytes hold
 * one of `needles` (UTF-8, ASCII letters in any case), as `path (needle)`. It reads every file as
 * it is on disk: table and WAL files, ClickHouse parts (hard links included), outboxes, journals.
 * Symbolic links are not followed, and sockets and pipes are not read.
 */
export function filesHolding(
  dir: string,
  needles: readonly string[],
  excluded: readonly string[] = [],
): string[] {
  const wanted = needles.map((needle) => foldAscii(Buffer.from(needle, 'utf8')));
  const found: string[] = [];
  const walk = (path: string) => {
    for (const name of readdirSync(path)) {
      const full = join(path, name);
      if (excluded.includes(relative(dir, full))) continue;
      const stat = lstatSync(full, { throwIfNoEntry: false });
      if (stat?.isDirectory()) walk(full);
      else if (stat?.isFile()) {
        const bytes = foldAscii(readFileSync(full));
        wanted.forEach((needle, i) => {
          if (bytes.includes(needle)) found.push(`${relative(dir, full)} (${needles[i]})`);
        });
      }
    }
  };
  walk(dir);
  return found;
}
