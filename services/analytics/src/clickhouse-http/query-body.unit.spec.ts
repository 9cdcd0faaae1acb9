import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { peakRssGrowth } from '@risk-profile/platform/testing';
import type { Request } from 'express';
import { describe, expect, it } from 'vitest';
import { ClickHouseError, httpStatusOf } from './clickhouse-error';
import { readQueryBody } from './query-body';

const LIMIT = 1024 * 1024;
const MiB = 1024 * 1024;

/** A request as readQueryBody sees it: a readable body, its method and headers, express's `is`. */
function request(
  body: Iterable<Buffer> | AsyncIterable<Buffer> | Readable,
  headers: Record<string, string> = {},
  method = 'POST',
): Request & { pulled: () => number } {
  let pulled = 0;
  const counted = async function* () {
    for await (const chunk of body as AsyncIterable<Buffer>) {
      pulled += chunk.length;
      yield chunk;
    }
  };
  const stream = Readable.from(counted(), { objectMode: false });
  const lowered = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  return Object.assign(stream, {
    method,
    headers: lowered,
    is: (type: string) => ((lowered['content-type'] ?? '').startsWith(type) ? type : false),
    pulled: () => pulled,
  }) as unknown as Request & { pulled: () => number };
}

/** How a promise is refused: its ClickHouse code, name and HTTP status. */
async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => {
      throw new Error('expected a refusal');
    },
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ClickHouseError);
  const { code, type, message } = error as ClickHouseError;
  return { code, type, message, status: httpStatusOf(code) };
}

/** Resolves when the request's body has been read to its end (a refused one is discarded, not left hanging). */
const drained = (req: Request) =>
  new Promise<void>((resolve) => (req.readableEnded ? resolve() : req.once('end', () => resolve())));

/** `count` MiB of zeros, one reused buffer: never the whole in memory. */
function* zeros(count: number): Generator<Buffer> {
  const mib = Buffer.alloc(MiB);
  for (let i = 0; i < count; i++) yield mib;
}

/**
 * A gzip body far smaller than the limit that inflates far past it: one member of zeros built
 * once and sent many times (RFC 1952 lets members follow one another), never inflated here.
 */
const BOMB_MEMBER = zlib.gzipSync(Buffer.alloc(16 * MiB), { level: 9 });
function* gzipBomb(): Generator<Buffer> {
  for (let i = 0; i < 64; i++) yield BOMB_MEMBER;
}

describe('readQueryBody', () => {
  it('reads nothing for GET and HEAD', async () => {
    for (const method of ['GET', 'HEAD']) {
      expect(await readQueryBody(request([Buffer.from('SELECT 1')], {}, method), LIMIT)).toBe('');
    }
  });

  it('reads a plain body, in pieces and whole', async () => {
    const parts = ['SELECT ', "'é'", ' AS x'].map((s) => Buffer.from(s));
    expect(await readQueryBody(request(parts), LIMIT)).toBe("SELECT 'é' AS x");
    expect(
      await readQueryBody(request([Buffer.from('SELECT 1')], { 'content-encoding': 'identity' }), LIMIT),
    ).toBe('SELECT 1');
  });

  it.each([
    ['gzip', zlib.gzipSync],
    ['x-gzip', zlib.gzipSync],
    ['GZip', zlib.gzipSync],
    ['deflate', zlib.deflateSync],
    ['br', zlib.brotliCompressSync],
  ] as const)('inflates a %s body', async (encoding, compress) => {
    const sql = `SELECT ${'1 + '.repeat(5000)}1`;
    const body = compress(Buffer.from(sql));
    // Sent in small pieces, as a network delivers it.
    const pieces = Array.from({ length: Math.ceil(body.length / 7) }, (_, i) =>
      body.subarray(i * 7, i * 7 + 7),
    );
    expect(await readQueryBody(request(pieces, { 'content-encoding': encoding }), LIMIT)).toBe(sql);
  });

  it('accepts a body of exactly the limit, inflated or not', async () => {
    const sql = Buffer.alloc(1000, 'x');
    expect(await readQueryBody(request([sql]), 1000)).toHaveLength(1000);
    const gz = zlib.gzipSync(sql);
    expect(await readQueryBody(request([gz], { 'content-encoding': 'gzip' }), 1000)).toHaveLength(1000);
  });

  it('refuses a plain body over the limit with QUERY_IS_TOO_LARGE (413), and discards the rest unread', async () => {
    const req = request(zeros(8));
    const refused = await refusal(readQueryBody(req, LIMIT));
    expect(refused).toEqual({
      code: 229,
      type: 'QUERY_IS_TOO_LARGE',
      message: `The query is too large (at most ${LIMIT} bytes)`,
      status: 413,
    });
    await drained(req);
    expect(req.pulled()).toBe(8 * MiB);
  });

  it('refuses a declared Content-Length over the limit before reading', async () => {
    const req = request([Buffer.from('SELECT 1')], { 'content-length': String(LIMIT + 1) });
    expect((await refusal(readQueryBody(req, LIMIT))).status).toBe(413);
  });

  it('refuses a compressed body whose compressed bytes pass the limit, though it inflates to less', async () => {
    const inflated = randomBytes(100_000);
    const stored = zlib.gzipSync(inflated, { level: 0 });
    expect(stored.length).toBeGreaterThan(inflated.length);
    const refused = await refusal(
      readQueryBody(request([stored], { 'content-encoding': 'gzip' }), inflated.length),
    );
    expect(refused.code).toBe(229);
  });

  it('refuses a 1 MB gzip body that inflates to 1 GiB within a second or two, holding about the limit', async () => {
    const req = request(gzipBomb(), { 'content-encoding': 'gzip' });
    const { result, growth, ms } = await peakRssGrowth(() => refusal(readQueryBody(req, LIMIT)));
    const atRefusal = req.pulled();
    expect(result).toMatchObject({ code: 229, type: 'QUERY_IS_TOO_LARGE', status: 413 });
    expect(ms).toBeLessThan(2_000);
    expect(growth).toBeLessThan(50 * MiB);
    // The decompressor stopped at the limit, a few KB into the body; the rest went by unread.
    expect(atRefusal).toBeLessThan(128 * 1024);
    await drained(req);
    expect(req.pulled()).toBe(64 * BOMB_MEMBER.length);
    expect(req.pulled()).toBeLessThan(LIMIT);
    console.warn(
      `gzip bomb: refused in ${ms.toFixed(0)} ms after ${atRefusal} bytes, peak RSS growth ` +
        `${(growth / MiB).toFixed(1)} MiB; ${req.pulled()} bytes sent in all`,
    );
  });

  it.each([
    ['deflate', () => zlib.createDeflate({ level: 9 })],
    ['br', () => zlib.createBrotliCompress({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } })],
  ] as const)(
    'refuses a %s body that inflates to 64 MiB, compressed as it is sent',
    async (encoding, compressor) => {
      const body = Readable.from(zeros(64), { objectMode: false }).pipe(compressor());
      const req = request(body, { 'content-encoding': encoding });
      const { result, growth } = await peakRssGrowth(() => refusal(readQueryBody(req, LIMIT)));
      expect(result.status).toBe(413);
      expect(growth).toBeLessThan(50 * MiB);
      await drained(req);
    },
  );

  it('refuses corrupt or truncated compressed bodies with BAD_ARGUMENTS (400)', async () => {
    const gz = zlib.gzipSync(Buffer.from('SELECT 1'));
    const corrupt = Buffer.from(gz);
    corrupt.fill(0xff, 10, 14);
    for (const [encoding, body] of [
      ['gzip', corrupt],
      ['gzip', gz.subarray(0, gz.length - 6)],
      ['gzip', Buffer.from('SELECT 1')],
      ['deflate', Buffer.from('not deflate')],
      ['br', Buffer.from([0xff, 0xff, 0xff, 0xff])],
    ] as const) {
      expect(await refusal(readQueryBody(request([body], { 'content-encoding': encoding }), LIMIT))).toEqual({
        code: 36,
        type: 'BAD_ARGUMENTS',
        message: `The body is not valid ${encoding}`,
        status: 400,
      });
    }
  });

  it('refuses an unknown Content-Encoding and multipart bodies with NOT_IMPLEMENTED (501)', async () => {
    const zstd = await refusal(
      readQueryBody(request([Buffer.from('x')], { 'content-encoding': 'zstd' }), LIMIT),
    );
    expect(zstd).toMatchObject({ code: 48, message: 'Content-Encoding zstd is not supported', status: 501 });
    for (const encoding of ['constructor', '__proto__', 'gzip, br']) {
      const odd = request([Buffer.from('x')], { 'content-encoding': encoding });
      expect((await refusal(readQueryBody(odd, LIMIT))).code).toBe(48);
    }
    const multipart = request([Buffer.from('x')], { 'content-type': 'multipart/form-data; boundary=x' });
    expect(await refusal(readQueryBody(multipart, LIMIT))).toMatchObject({ code: 48, status: 501 });
  });
});
