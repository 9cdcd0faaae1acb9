import zlib from 'node:zlib';
import type { Request, Response } from 'express';
import type { AnalystResult } from './analyst-engine';
import { asClickHouseError, CH, type ClickHouseError, chError } from './clickhouse-error';

const COMPRESSORS: [string, () => zlib.Gzip | zlib.BrotliCompress | zlib.Deflate][] = [
  ['gzip', () => zlib.createGzip()],
  ['br', () => zlib.createBrotliCompress()],
  ['deflate', () => zlib.createDeflate()],
];

/** What went out: the rows counted where the format makes that cheap, and the bytes before compression. */
export interface Sent {
  rows: number | null;
  bytes: number;
}

/** A result stopped part-way: what was sent, and why it stopped (already written at the end of the answer). */
export class CutShort extends Error {
  constructor(
    readonly error: ClickHouseError,
    readonly sent: Sent,
  ) {
    super(error.message);
  }
}

/**
 * Passes an engine's answer on as it arrives, compressed when the client asked as ClickHouse
 * requires (twice: `enable_http_compression=1` and Accept-Encoding), holding no more than a chunk.
 * Past `maxBytes` the query is cancelled and the answer ends with ClickHouse's error text and a
 * cut connection, as a server does for an error after the first bytes, so no client takes a
 * partial result for a whole one.
 */
export async function sendResult(
  req: Request,
  res: Response,
  search: URLSearchParams,
  result: AnalystResult,
  format: string,
  maxBytes: number,
): Promise<Sent> {
  const accepted = (req.headers['accept-encoding'] ?? '').toString().toLowerCase();
  const codec =
    search.get('enable_http_compression') === '1'
      ? COMPRESSORS.find(([name]) => accepted.split(',').some((part) => part.trim().split(';')[0] === name))
      : undefined;
  res.status(200);
  if (codec) {
    res.setHeader('Content-Encoding', codec[0]);
    res.setHeader('Vary', 'Accept-Encoding');
  }
  const counter = new RowCounter(format);
  const head = req.method === 'HEAD';
  const compressor = codec && !head ? codec[1]() : undefined;
  compressor?.pipe(res);
  const closed = new Promise<void>((resolve) => res.once('close', resolve));
  const write = async (part: Uint8Array) => {
    const target = compressor ?? res;
    if (!target.write(part))
      await Promise.race([new Promise((resolve) => target.once('drain', resolve)), closed]);
  };
  let bytes = 0;
  let failure: ClickHouseError | undefined;
  try {
    for await (const part of result.body) {
      if (res.destroyed) throw chError(CH.NETWORK_ERROR, 'The client went away');
      bytes += part.length;
      if (bytes > maxBytes) {
        result.cancel();
        throw chError([396, 'TOO_MANY_ROWS_OR_BYTES'], `Limit for result exceeded, max bytes: ${maxBytes}`);
      }
      counter.add(part);
      if (!head) await write(part);
    }
  } catch (error) {
    const engineError = counter.error();
    failure = engineError ?? asClickHouseError(error);
    // The engine's own error text has already gone out with what it sent.
    if (!head && !engineError && !res.destroyed) await write(Buffer.from(`\n${failure.text}`));
  }
  const sent = { rows: failure ? null : counter.rows(), bytes };
  if (failure) {
    result.cancel();
    // What was written goes out, then the connection ends without the answer's end: the client
    // sees a cut answer, never a whole one.
    if (compressor) await new Promise<void>((resolve) => compressor.flush(() => resolve()));
    res.socket?.end();
    throw new CutShort(failure, sent);
  }
  if (compressor) compressor.end();
  else res.end();
  return sent;
}

/** Counts result rows on the fly: lines for line formats, the JSON formats' closing "rows" figure. */
class RowCounter {
  private lines = 0;
  private tail = Buffer.alloc(0);
  private readonly kind: 'lines' | 'json' | null;
  private readonly header: number;

  constructor(format: string) {
    const f = format.toLowerCase();
    if (/^(json|jsoncompact|jsonstrings|jsoncompactstrings)$/.test(f)) this.kind = 'json';
    else if (
      /^(jsoneachrow|jsonlines|ndjson|jsoncompacteachrow|jsonstringseachrow|csv|tabseparated|tsv|tabseparatedraw|tsvraw)$/.test(
        f,
      )
    )
      this.kind = 'lines';
    else if (/withnamesandtypes$/.test(f) && /^(csv|tabseparated|tsv)/.test(f)) this.kind = 'lines';
    else if (/withnames$/.test(f) && /^(csv|tabseparated|tsv)/.test(f)) this.kind = 'lines';
    else this.kind = null;
    this.header = /withnamesandtypes$/.test(f) ? 2 : /withnames$/.test(f) ? 1 : 0;
  }

  add(part: Uint8Array): void {
    const buffer = Buffer.from(part.buffer, part.byteOffset, part.length);
    if (this.kind === 'lines')
      for (let i = buffer.indexOf(10); i >= 0; i = buffer.indexOf(10, i + 1)) this.lines++;
    // The last bytes, for the JSON formats' rows figure and an engine's error text at the end.
    this.tail = Buffer.concat([this.tail, buffer]).subarray(-4096);
  }

  rows(): number | null {
    if (this.kind === 'lines') return Math.max(0, this.lines - this.header);
    if (this.kind !== 'json') return null;
    const at = this.tail.lastIndexOf('"rows":');
    const match = at < 0 ? null : /^"rows":\s*(\d+)/.exec(this.tail.subarray(at, at + 40).toString('utf8'));
    return match ? Number(match[1]) : null;
  }

  /** The engine's own error, when it ended the answer with one before cutting it. */
  error(): ClickHouseError | undefined {
    const text = this.tail.toString('utf8');
    const at = text.lastIndexOf('\nCode: ');
    if (at < 0) return undefined;
    const error = asClickHouseError(new Error(text.slice(at + 1)));
    return error.code === 1002 ? undefined : error;
  }
}

export function contentTypeOf(format: string): string {
  const f = format.toLowerCase();
  if (f.startsWith('json')) return 'application/json; charset=UTF-8';
  if (f.startsWith('csv')) return 'text/csv; charset=UTF-8; header=present';
  if (f.startsWith('tabseparated') || f.startsWith('tsv')) return 'text/tab-separated-values; charset=UTF-8';
  if (/^(native|rowbinary|parquet|arrow|orc|avro|msgpack|protobuf|capnproto)/.test(f))
    return 'application/octet-stream';
  return 'text/plain; charset=UTF-8';
}
