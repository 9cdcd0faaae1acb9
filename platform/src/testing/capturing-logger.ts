import { Writable } from 'node:stream';
import pino from 'pino';
import type { Logger } from '../logging/logger';

/** A logger at the most verbose level whose every line is kept, to check what logs contain. */
export function capturingLogger(): { logger: Logger; text: () => string } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { logger: pino({ level: 'trace' }, stream), text: () => lines.join('') };
}
