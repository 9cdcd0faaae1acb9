import type { RequestHandler } from 'express';
import { HttpError } from './http-errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cross-site request forgery guard: a state-changing request that carries a cookie (so may carry
 * a session) and names an Origin must come from the product's own origin: the configured public
 * URL, or the origin the request itself was addressed to. Bodies are JSON only (a cross-site form
 * cannot send that without a preflight), and this closes what remains.
 */
export function sameOriginWrites(publicUrl: string | undefined): RequestHandler {
  const configured = publicUrl ? new URL(publicUrl).origin : undefined;
  return (req, _res, next) => {
    if (SAFE_METHODS.has(req.method) || !req.headers.cookie) return next();
    const origin = req.headers.origin;
    if (origin === undefined) return next();
    const addressed = `${req.protocol}://${req.headers.host ?? ''}`;
    if (origin === configured || origin === addressed) return next();
    next(new HttpError(403, 'Cross-site request refused.', 'CROSS_SITE_REQUEST'));
  };
}
