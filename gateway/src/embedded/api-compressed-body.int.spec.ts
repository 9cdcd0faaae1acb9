import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { createGzip } from 'node:zlib';
import { ENDPOINTS } from '@risk-profile/contracts';
import { silentLogger } from '@risk-profile/platform';
import { peakRssGrowth } from '@risk-profile/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EmbeddedSystem, startEmbedded } from './start-embedded';

const MiB = 1024 * 1024;

/** 1 GiB of zeros, gzipped as it is generated (one reused MiB: never the whole in memory). */
async function gzipBomb(): Promise<Buffer> {
  async function* zeros() {
    const mib = Buffer.alloc(MiB);
    for (let i = 0; i < 1024; i++) yield mib;
  }
  const parts: Buffer[] = [];
  for await (const part of Readable.from(zeros(), { objectMode: false }).pipe(createGzip({ level: 9 })))
    parts.push(part as Buffer);
  return Buffer.concat(parts);
}

/** The compressed body, sent piece by piece as a client streams an upload. */
function* pieces(body: Buffer, size = 64 * 1024): Generator<Buffer> {
  for (let at = 0; at < body.length; at += size) yield body.subarray(at, at + size);
}

interface Answer {
  status: number;
  body: string;
  ms: number;
  /** The peak growth of this process's RSS (the product runs in it) while the request ran. */
  rssGrowth: number;
}

/**
 * POSTs `body` from a generator, without credentials: chunked, or with its Content-Length when
 * `declareLength`. The answer may come before the upload is finished; sending goes on regardless.
 */
async function postStreamed(url: string, body: Buffer, declareLength: boolean): Promise<Answer> {
  const started = performance.now();
  const { result, growth } = await peakRssGrowth(
    () =>
      new Promise<Omit<Answer, 'rssGrowth'>>((resolve, reject) => {
        const req = request(url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'content-encoding': 'gzip',
            ...(declareLength
              ? { 'content-length': String(body.length) }
              : { 'transfer-encoding': 'chunked' }),
          },
        });
        req.on('error', (error: NodeJS.ErrnoException) => {
          // The server may close the connection once it has answered; the answer is what counts.
          if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') reject(error);
        });
        req.on('response', (res) => {
          const ms = performance.now() - started;
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString(), ms }),
          );
        });
        Readable.from(pieces(body), { objectMode: false }).pipe(req);
      }),
  );
  return { ...result, rssGrowth: growth };
}

describe('/api with a compressed body that inflates far past the body limit', () => {
  let system: EmbeddedSystem;
  let dataDir: string;
  let bomb: Buffer;
  let url: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'api-body-'));
    system = await startEmbedded(
      { PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
      { logger: silentLogger() },
    );
    url = `http://127.0.0.1:${system.running.port}${ENDPOINTS.login.path}`;
    bomb = await gzipBomb();
  }, 120_000);
  afterAll(async () => {
    await system?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('is a 1 MB body that inflates to 1 GiB', () => {
    expect(bomb.length).toBeGreaterThan(1_000_000);
    expect(bomb.length).toBeLessThan(1.1e6);
    // gzip's trailer ends with the inflated length modulo 2^32: 1 GiB.
    expect(bomb.readUInt32LE(bomb.length - 4)).toBe(1024 * MiB);
  });

  it.each([
    ['streamed chunked (no declared length)', false],
    ['with its Content-Length', true],
  ])('refuses it unauthenticated with 413 when %s, inflating at most the limit', async (_, declareLength) => {
    const answer = await postStreamed(url, bomb, declareLength);
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    expect(answer.rssGrowth).toBeLessThan(50 * MiB);
    expect(answer.ms).toBeLessThan(5_000);
    console.warn(
      `/api gzip bomb (${declareLength ? 'Content-Length' : 'chunked'}): ${answer.status} in ` +
        `${answer.ms.toFixed(0)} ms, peak RSS growth ${(answer.rssGrowth / MiB).toFixed(1)} MiB`,
    );
  });

  it('still answers a normal sign-in afterwards', async () => {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'nobody@example.com', password: 'not-a-password' }),
    });
    expect(res.status).toBe(401);
  });
});
