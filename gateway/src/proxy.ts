import {
  Agent as HttpAgent,
  request as httpRequest,
  type IncomingMessage,
  type OutgoingHttpHeaders,
} from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { isIP, type Socket } from 'node:net';
import { httpError, isConnectionFailure, type Logger, type UpstreamPool } from '@risk-profile/platform';
import type { RequestHandler, Response } from 'express';
import getRawBody from 'raw-body';

/*
 * The distributed gateway's proxy, over node:http rather than http-proxy(-middleware): failing over
 * to another instance needs to know how far a request got (the connection never made, so any
 * request may go elsewhere; or sent, so only a GET may), which http-proxy's one error callback
 * does not say, and a request body that can be sent twice.
 */

export interface ProxyOptions {
  /** The service's name, in the 502 answer and in log lines. */
  name: string;
  pool: UpstreamPool;
  agents: ProxyAgents;
  /** Largest request body, buffered so it can be sent to another instance. */
  bodyLimit: number;
  logger: Logger;
  /** A request whose connection is silent this long is abandoned (the 502). */
  timeoutMs?: number;
  /** A connection not made within this long counts as refused. */
  connectTimeoutMs?: number;
}

export interface ProxyAgents {
  http: HttpAgent;
  https: HttpsAgent;
}

/** Keep-alive connections to the services, shared by all of them. */
export function proxyAgents(): ProxyAgents {
  return {
    http: new HttpAgent({ keepAlive: true, maxSockets: 256 }),
    https: new HttpsAgent({ keepAlive: true, maxSockets: 256 }),
  };
}

/** Safe to send again after an instance received it and failed before answering. */
const RESENDABLE = new Set(['GET', 'HEAD']);

/** Headers of one connection, not of the message (RFC 9110, 7.6.1), plus those this proxy sets itself. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  // The body is sent whole, at once; an instance must not wait for a go-ahead.
  'expect',
]);

type Attempt =
  /** An answer's headers arrived and its body is being relayed. */
  | { kind: 'answered' }
  /** The client went away; nothing more to do. */
  | { kind: 'gone' }
  | { kind: 'failed'; error: Error; reached: boolean; timedOut: boolean };

export function proxyTo(options: ProxyOptions): RequestHandler {
  const timeoutMs = options.timeoutMs ?? 30_000;
  const connectTimeoutMs = options.connectTimeoutMs ?? 5_000;
  const unavailable = JSON.stringify({
    error: `The ${options.name} service is unavailable`,
    code: 'BAD_GATEWAY',
  });

  return async (req, res, next) => {
    let body: Buffer | undefined;
    if (hasBody(req)) {
      try {
        body = await getRawBody(req, { limit: options.bodyLimit, length: req.headers['content-length'] });
      } catch (error) {
        // Drop the rest unread, as a body refused by its declared length is.
        req.resume();
        const { status, type } = error as { status?: number; type?: string };
        if (type === 'request.aborted') return;
        return next(
          status === 413 ? httpError.payloadTooLarge() : httpError.badRequest('Invalid request body'),
        );
      }
    }
    const headers = forwardedHeaders(req, body);
    const attempts = options.pool.attempts();
    for (const [index, address] of attempts.entries()) {
      const outcome = await attempt(req, res, address, headers, body);
      if (outcome.kind !== 'failed') return;
      const { error, reached, timedOut } = outcome;
      if (!timedOut && isConnectionFailure(error)) options.pool.markDown(address, error);
      // Sent to another instance only what this one cannot have acted on, or a read.
      const again = index + 1 < attempts.length && !timedOut && (!reached || RESENDABLE.has(req.method));
      options.logger.warn(
        { err: error, upstream: options.name, address, reached, retried: again },
        again ? 'upstream failed, trying the next instance' : 'upstream failed',
      );
      if (!again) break;
    }
    if (!res.headersSent) {
      res.writeHead(502, { 'content-type': 'application/json' });
      res.end(unavailable);
    }
  };

  /** Sends the request to one instance; resolves once an answer is being relayed, or it failed before one. */
  function attempt(
    req: IncomingMessage,
    res: Response,
    address: string,
    headers: OutgoingHttpHeaders,
    body: Buffer | undefined,
  ): Promise<Attempt> {
    return new Promise((resolve) => {
      // (A request read to its end counts as destroyed; its connection tells whether the client left.)
      if (res.destroyed || req.socket.destroyed) return resolve({ kind: 'gone' });
      const target = new URL(req.url ?? '/', address);
      const https = target.protocol === 'https:';
      let reached = false;
      let timedOut = false;
      let settled = false;
      const settle = (outcome: Attempt) => {
        if (settled) return;
        settled = true;
        res.off('close', onClientClose);
        if (outcome.kind !== 'answered') upstream.destroy();
        resolve(outcome);
      };
      const upstream = (https ? httpsRequest : httpRequest)(target, {
        method: req.method,
        headers,
        agent: https ? options.agents.https : options.agents.http,
        // Node would name the client's Host in TLS (SNI) and check the certificate against it.
        ...(https ? { servername: serverName(target) } : {}),
      });
      // A client that leaves takes its request along; nobody is left to answer.
      const onClientClose = () => {
        if (!res.writableFinished) settle({ kind: 'gone' });
      };
      res.on('close', onClientClose);
      upstream.on('socket', (socket: Socket) => {
        if (!socket.connecting) {
          reached = true;
          return;
        }
        const connectTimer = setTimeout(() => {
          upstream.destroy(
            Object.assign(new Error('connect timed out'), { code: 'UPSTREAM_CONNECT_TIMEOUT' }),
          );
        }, connectTimeoutMs);
        const connected = () => {
          reached = true;
          clearTimeout(connectTimer);
        };
        socket.once(https ? 'secureConnect' : 'connect', connected);
        socket.once('close', () => clearTimeout(connectTimer));
      });
      upstream.setTimeout(timeoutMs, () => {
        timedOut = true;
        upstream.destroy(Object.assign(new Error('upstream timed out'), { code: 'UPSTREAM_TIMEOUT' }));
      });
      upstream.on('error', (error) => settle({ kind: 'failed', error, reached, timedOut }));
      upstream.on('response', (answer) => {
        options.pool.markUp(address);
        settled = true;
        res.off('close', onClientClose);
        relay(answer, res, upstream);
        resolve({ kind: 'answered' });
      });
      upstream.end(body);
    });
  }
}

/**
 * Relays an answer as it arrives (an event stream is never held back): status and end-to-end
 * headers, then the body. A connection lost mid-answer cuts the client's off too, rather than
 * leaving it waiting for the rest.
 */
function relay(answer: IncomingMessage, res: Response, upstream: ReturnType<typeof httpRequest>): void {
  res.statusCode = answer.statusCode ?? 502;
  if (answer.statusMessage) res.statusMessage = answer.statusMessage;
  for (const [name, value] of Object.entries(answer.headers)) {
    if (value !== undefined && !isHopByHop(name, answer.headers.connection)) res.setHeader(name, value);
  }
  answer.on('error', () => res.destroy());
  answer.on('close', () => {
    if (!answer.complete) res.destroy();
  });
  res.on('close', () => {
    if (!answer.complete) upstream.destroy();
  });
  answer.pipe(res);
}

/** The name to ask for in TLS: the instance's host name (none for an IP address). */
function serverName(target: URL): string {
  const host = target.hostname.replace(/^\[(.*)\]$/, '$1');
  return isIP(host) ? '' : host;
}

/** A request has a body when it says how it is framed (RFC 9112, 6.3). */
function hasBody(req: IncomingMessage): boolean {
  return req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined;
}

function isHopByHop(name: string, connection: string | undefined): boolean {
  if (HOP_BY_HOP.has(name)) return true;
  return (connection ?? '')
    .split(',')
    .map((token) => token.trim().toLowerCase())
    .includes(name);
}

/**
 * The client's headers (identity headers are already gone), framed for the buffered body, with the
 * X-Forwarded-* headers http-proxy's xfwd added: the peer appended to X-Forwarded-For (a service
 * trusting one hop, the gateway, reads the client there), and the original port, scheme and host.
 */
function forwardedHeaders(req: IncomingMessage, body: Buffer | undefined): OutgoingHttpHeaders {
  const headers: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined && !isHopByHop(name, req.headers.connection)) headers[name] = value;
  }
  if (body) headers['content-length'] = body.length;
  const encrypted = Boolean((req.socket as { encrypted?: boolean }).encrypted);
  const host = req.headers.host ?? '';
  const port = /:(\d+)$/.exec(host)?.[1] ?? (encrypted ? '443' : '80');
  const values = { for: req.socket.remoteAddress ?? '', port, proto: encrypted ? 'https' : 'http' };
  for (const [key, value] of Object.entries(values)) {
    const name = `x-forwarded-${key}`;
    const existing = req.headers[name];
    headers[name] = existing ? `${existing},${value}` : value;
  }
  headers['x-forwarded-host'] = req.headers['x-forwarded-host'] ?? host;
  return headers;
}
