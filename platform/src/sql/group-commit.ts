/**
 * Writes that arrive while an earlier one is in flight go together in the next statement (group
 * commit): alone, a record is written at once; under load, one statement carries all that waited,
 * at most `maxBatch`. Each caller's promise settles with the statement that wrote its record, so
 * a caller that awaits it knows its record is stored (or that the write failed).
 */
export function groupCommit<T>(
  write: (items: readonly T[]) => Promise<void>,
  maxBatch = 500,
): (item: T) => Promise<void> {
  if (!Number.isInteger(maxBatch) || maxBatch < 1) throw new Error('maxBatch must be a positive integer');
  const waiting: { item: T; resolve: () => void; reject: (error: unknown) => void }[] = [];
  let writing = false;

  async function flush(): Promise<void> {
    writing = true;
    while (waiting.length > 0) {
      const batch = waiting.splice(0, maxBatch);
      try {
        await write(batch.map((w) => w.item));
        for (const w of batch) w.resolve();
      } catch (error) {
        for (const w of batch) w.reject(error);
      }
    }
    writing = false;
  }

  return (item) =>
    new Promise<void>((resolve, reject) => {
      waiting.push({ item, resolve, reject });
      if (!writing) void flush();
    });
}
