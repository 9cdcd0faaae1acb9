import type { Transform } from 'node:stream';
import zlib from 'node:zlib';
import type { Request } from 'express';
import { CH, type ClickHouseError, chError } from './clickhouse-error';

/** The decompressors for the request's Content-Encoding, as streams (never a whole body at once). */
const DECODERS = new Map<string, () => Transform>([
  ['gzip', () => zlib.createGunzip()],
  ['x-gzip', () => zlib.createGunzip()],
  ['deflate', () => zlib.createInflate()],
  ['br', () => zlib.createBrotliDecompress()],
]);

const tooLarge = (limit: number): ClickHouseError =>
  chError(CH.QUERY_IS_TOO_LARGE, `The query is too large (at most ${limit} bytes)`);

/**
 * The query text of a request's body (docs/analyst-access.md, "The protocol"): '' for GET and
 * HEAD; multipart refused; a body with Content-Encoding gzip, x-gzip, deflate or br inflated as
 * it arrives. At most `limit` bytes are read and at most `limit` held: the body is refused with
 * QUERY_IS_TOO_LARGE (HTTP 413) as soon as its declared length, the bytes received or the bytes
 * inflated pass `limit`, so a small body that inflates to gigabytes stops after `limit` bytes of
 * output. On any refusal the decompressor is destroyed and the rest of the upload is discarded
 * unread (the request resumed, as body-parser does), never buffered.
 */
export async function readQueryBody(req: Request, limit: number): Promise<string> {
  if (req.method === 'GET' || req.method === 'HEAD') return '';
  if (req.is('multipart/form-data')) {
    discard(req);
    throw chError(
      CH.NOT_IMPLEMENTED,
      'Multipart requests are not supported: send the query in the body or the URL',
    );
  }
  const encoding = (req.headers['content-encoding'] ?? '').toString().trim().toLowerCase();
  const identity = encoding === '' || encoding === 'identity';
  const decoder = identity ? undefined : DECODERS.get(encoding);
  if (!identity && !decoder) {
    discard(req);
    throw chError(CH.NOT_IMPLEMENTED, `Content-Encoding ${encoding} is not supported`);
  }
  // A declared length over the limit is refused before a byte is read (the compressed length
  // of a compressed body: its inflated one can only be known by inflating).
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) {
    discard(req);
    throw tooLarge(limit);
  }
  // Nothing left to read (another handler read it): nothing would ever end the wait below.
  if (req.readableEnded) return '';
  const body = await collect(req, decoder?.(), encoding, limit);
  return body.toString('utf8');
}

/** Lets the rest of a refused upload go by unread: nothing listens for its data, so it is dropped. */
function discard(req: Request): void {
  req.resume();
}

/** The body, inflated through `decoder` when there is one; rejects once received or inflated bytes pass `limit`. */
function collect(
  req: Request,
  decoder: Transform | undefined,
  encoding: string,
  limit: number,
): Promise<Buffer> {
  return new Promise<Buffer>((resolve, reject) => {
    const source = decoder ?? req;
    const chunks: Buffer[] = [];
    let received = 0;
    let produced = 0;
    let settled = false;

    const finish = (error?: ClickHouseError) => {
      if (settled) return;
      settled = true;
      req.off('data', onReceived);
      req.off('aborted', onAborted);
      req.off('close', onClose);
      req.off('error', onRequestError);
      source.off('data', onData);
      source.off('end', onEnd);
      source.off('error', onSourceError);
      if (decoder) {
        req.unpipe(decoder);
        // A decompressor destroyed mid-block may still report; nobody is waiting for it any more.
        decoder.on('error', () => {});
        decoder.destroy();
      }
      if (error) {
        chunks.length = 0;
        discard(req);
        reject(error);
      } else {
        resolve(Buffer.concat(chunks, produced));
      }
    };
    const onReceived = (chunk: Buffer) => {
      received += chunk.length;
      if (received > limit) finish(tooLarge(limit));
    };
    const onData = (chunk: Buffer) => {
      produced += chunk.length;
      if (produced > limit) return finish(tooLarge(limit));
      chunks.push(chunk);
    };
    const onEnd = () => finish();
    const onSourceError = (error: Error) =>
      finish(
        decoder && source === decoder
          ? chError(CH.BAD_ARGUMENTS, `The body is not valid ${encoding}`)
          : aborted(error),
      );
    const onRequestError = (error: Error) => finish(aborted(error));
    const onAborted = () => finish(aborted());
    // A request closed before its end was received: the client went away mid-body.
    const onClose = () => {
      if (!req.readableEnded) finish(aborted());
    };

    req.on('aborted', onAborted);
    req.on('close', onClose);
    source.on('error', onSourceError);
    if (decoder) {
      req.on('error', onRequestError);
      req.pipe(decoder);
      // After the pipe's own listener, so a refusal's unpipe and resume come after its write (a
      // write refused by the destroyed decompressor would otherwise pause the request again).
      req.on('data', onReceived);
    }
    source.on('end', onEnd);
    source.on('data', onData);
  });
}

const aborted = (cause?: Error): ClickHouseError =>
  chError(
    CH.NETWORK_ERROR,
    `The client closed the connection before the query was sent${cause ? `: ${cause.message}` : ''}`,
  );
