import { randomUUID } from 'node:crypto';
import { MAX_JSON_DEPTH } from '@risk-profile/contracts';
import express, { type ErrorRequestHandler, type Express, type RequestHandler } from 'express';
import type { TrustProxy } from '../config/config';
import type { Logger } from '../logging/logger';
import { HttpError, httpError, isDiskFull } from './http-errors';

export interface ServiceAppOptions {
  name: string;
  logger: Logger;
  /** Largest accepted JSON body (express/bytes syntax). */
  bodyLimit?: string;
  /** Resolves true when the service can take traffic (its stores are reachable). */
  ready?: () => Promise<boolean>;
  /**
   * Which proxies to trust for the client address (express "trust proxy"). Behind the gateway
   * this is what makes `req.ip` the client's address rather than the gateway's.
   */
  trustProxy?: TrustProxy;
  routes: (app: Express) => void;
  /** Routes that read their own bodies (not JSON: ClickHouse's HTTP interface), mounted before the JSON parser. */
  rawBodyRoutes?: (app: Express) => void;
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,100}$/;

/**
 * The HTTP kit every service (and the gateway) is built on: request ids, JSON bodies with a size
 * limit, health and readiness, JSON 404s, and one error handler that never leaks a stack trace.
 */
export function createServiceApp(options: ServiceAppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', options.trustProxy ?? false);
  // Every answer is no-store, so no client ever revalidates one: express would otherwise hash each
  // body (SHA-1) for an ETag nobody uses. The gateway's pages keep theirs (their own express app).
  app.set('etag', false);
  app.use(requestContext(options.logger));
  app.use(rejectMalformedPath);
  app.use(noStore);
  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok', service: options.name });
  });
  app.get('/readyz', readinessEndpoint(options.name, options.logger, options.ready ?? (async () => true)));
  options.rawBodyRoutes?.(app);
  app.use(jsonBody(options.bodyLimit ?? '100kb'));
  options.routes(app);
  app.use(notFound);
  app.use(errorHandler(options.logger));
  return app;
}

/**
 * Thrown by a readiness check to say why the service is not ready, in words an operator may read
 * in the 503's body (`reason`). Any other error is logged but not answered: it may name hosts.
 */
export class NotReadyError extends Error {}

/**
 * GET /readyz: 200 when `ready` resolves true, else 503 (a throw counts as not ready). Not ready is
 * what a probe asks about, not a failed request, and is logged once per change rather than per
 * probe: before the first ready answer it is the start-up wait for the stores and the bus (info),
 * after it a dependency lost (a warning).
 */
export function readinessEndpoint(
  name: string,
  logger: Logger,
  ready: () => Promise<boolean>,
): RequestHandler {
  let state: 'starting' | 'waiting' | 'ready' | 'lost' = 'starting';
  return async (_req, res) => {
    let reason: string | undefined;
    let said: string | undefined;
    const ok = await ready().catch((error: unknown) => {
      reason = error instanceof Error ? error.message : String(error);
      if (error instanceof NotReadyError) said = error.message;
      return false;
    });
    if (ok && (state === 'waiting' || state === 'lost'))
      logger.info({ service: name }, 'ready: its dependencies answer');
    else if (!ok && state === 'starting')
      logger.info({ service: name, reason }, 'not ready yet: waiting for its dependencies');
    else if (!ok && state === 'ready')
      logger.warn({ service: name, reason }, 'not ready: a dependency does not answer');
    if (ok) state = 'ready';
    else if (state === 'starting') state = 'waiting';
    else if (state === 'ready') state = 'lost';
    res.locals.probe = true;
    res.status(ok ? 200 : 503).json({
      status: ok ? 'ready' : 'not ready',
      service: name,
      ...(said === undefined ? {} : { reason: said }),
    });
  };
}

export function requestContext(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const incoming = req.header('x-request-id');
    const id = incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    // Downstream handlers (a mounted service app, a proxied one) see the same id.
    req.headers['x-request-id'] = id;
    res.locals.requestId = id;
    res.setHeader('x-request-id', id);
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      const entry = { reqId: id, method: req.method, url: req.originalUrl, status: res.statusCode, ms };
      // A readiness probe's 503 is the answer it asked for (readinessEndpoint logs what it means).
      if (res.statusCode >= 500 && !res.locals.probe) logger.error(entry, 'request failed');
      else logger.debug(entry, 'request');
    });
    next();
  };
}

/**
 * A path whose percent-encoding does not decode (`/%ff`) is the client's mistake: 400 here,
 * before a router or a static file handler fails on it deeper down.
 */
export const rejectMalformedPath: RequestHandler = (req, _res, next) => {
  try {
    decodeURIComponent(req.path);
    next();
  } catch {
    next(httpError.badRequest('Malformed percent-encoding in the path'));
  }
};

/** Answers may carry personal data (names, emails, answers): no shared or browser cache keeps them. */
export const noStore: RequestHandler = (_req, res, next) => {
  res.setHeader('Cache-Control', 'no-store');
  next();
};

/**
 * JSON only: a body in another media type is refused rather than silently ignored. A body nested
 * deeper than MAX_JSON_DEPTH is refused right after parsing, before any handler walks it.
 */
function jsonBody(limit: string): RequestHandler {
  const parse = express.json({ limit, strict: true });
  return (req, res, next) => {
    const hasBody =
      req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
    if (!hasBody || req.method === 'GET' || req.method === 'HEAD') return next();
    if (!req.is('application/json')) return next(httpError.unsupportedMediaType());
    parse(req, res, (error?: unknown) => {
      if (error) return next(error);
      if (nestedDeeperThan(req.body, MAX_JSON_DEPTH)) {
        return next(httpError.badRequest(`JSON nested deeper than ${MAX_JSON_DEPTH} levels`));
      }
      next();
    });
  };
}

/**
 * Whether arrays and objects in `value` nest more than `max` levels (the outermost is level 1).
 * JSON.parse itself does not recurse, so the parsed value exists; this walk keeps its own stack
 * and stops at the first container past the bound.
 */
function nestedDeeperThan(value: unknown, max: number): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const containers: object[] = [value];
  const depths: number[] = [1];
  while (containers.length > 0) {
    const container = containers.pop()!;
    const depth = depths.pop()!;
    if (depth > max) return true;
    for (const child of Array.isArray(container) ? container : Object.values(container)) {
      if (typeof child === 'object' && child !== null) {
        containers.push(child);
        depths.push(depth + 1);
      }
    }
  }
  return false;
}

export const notFound: RequestHandler = (req, _res, next) => {
  next(httpError.notFound(`Not found: ${req.method} ${req.path}`));
};

export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error, req, res, _next) => {
    const mapped = toHttpError(error);
    if (mapped.status >= 500) {
      const at = { reqId: res.locals.requestId, url: req.originalUrl };
      // A 503 the code chose (busy, a dependency down) is expected under load: a warning without a
      // stack, so a storm it answers does not flood the log with errors.
      if (error instanceof HttpError && mapped.code !== 'STORAGE_FULL')
        logger.warn({ ...at, code: mapped.code }, mapped.message);
      else
        logger.error({ err: error, ...at }, mapped.code === 'STORAGE_FULL' ? 'disk full' : 'unhandled error');
    }
    if (res.headersSent) return;
    // An error can be raised before the no-store middleware ran (an undecodable path): say it here too.
    res.setHeader('Cache-Control', 'no-store');
    if (mapped.retryAfterSeconds !== undefined)
      res.setHeader('Retry-After', String(mapped.retryAfterSeconds));
    res.status(mapped.status).json({
      error: mapped.message,
      code: mapped.code,
      ...(mapped.details ? { details: mapped.details } : {}),
    });
  };
}

/** Plain words for the client errors that libraries (body-parser, serve-static, the router) raise. */
const CLIENT_ERROR_MESSAGES: Readonly<Record<number, string>> = {
  400: 'The request could not be read',
  404: 'Not found',
  405: 'Method not allowed',
  413: 'Request body too large',
  415: 'Unsupported body encoding',
};

/**
 * body-parser errors carry a `type`; they are the client's fault, never a 500. Other libraries'
 * client errors (a corrupt compressed body, a missing static file, an undecodable path) carry a
 * 4xx `status`: answered with that status and a plain message, never their internal text.
 */
export function toHttpError(error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  const type = (error as { type?: string } | null)?.type;
  if (type === 'entity.parse.failed') return httpError.badRequest('Malformed JSON body');
  if (type === 'entity.too.large') return httpError.payloadTooLarge();
  if (type === 'encoding.unsupported' || type === 'charset.unsupported')
    return httpError.unsupportedMediaType('Unsupported body encoding');
  if (type === 'request.aborted') return new HttpError(400, 'Request aborted', 'REQUEST_ABORTED');
  const status =
    (error as { status?: unknown; statusCode?: unknown } | null)?.status ??
    (error as { statusCode?: unknown } | null)?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const code = status === 404 ? 'NOT_FOUND' : status === 400 ? 'BAD_REQUEST' : `HTTP_${status}`;
    return new HttpError(status, CLIENT_ERROR_MESSAGES[status] ?? 'Bad request', code);
  }
  // A full disk is the operator's to fix, and passes: 503 with Retry-After, never a 500.
  if (isDiskFull(error)) return httpError.storageFull();
  return new HttpError(500, 'Internal server error', 'INTERNAL');
}
