import type { RequestHandler } from 'express';
import { HttpError } from './http-errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Cross-site request forgery guard: a state-changing request that carries a cookie (so may carry
 * a session) and names an Origin must come from the product's own origin: the configured public
 * URL, or the origin the request itself was addressed to. Bodies are JSON only (a cross-site form
 * cannot send that without a preflight), and this closes what remains.
 *
 * Without a public URL (or with one on this machine) the product reports itself as
 * `http://localhost:PORT`, while a browser may reach it as 127.0.0.1 or [::1]: those names are
 * one machine, so on the same scheme and port they are one origin here.
 */
export function sameOriginWrites(publicUrl: string | undefined): RequestHandler {
  const configured = publicUrl ? new URL(publicUrl) : undefined;
  const loopbackIsOneOrigin = !configured || LOOPBACK_HOSTS.has(configured.hostname);
  return (req, _res, next) => {
    if (SAFE_METHODS.has(req.method) || !req.headers.cookie) return next();
    const origin = req.headers.origin;
    if (origin === undefined) return next();
    const addressed = `${req.protocol}://${req.headers.host ?? ''}`;
    if (origin === configured?.origin || origin === addressed) return next();
    if (loopbackIsOneOrigin && sameLoopbackServer(origin, addressed)) return next();
    next(new HttpError(403, 'Cross-site request refused.', 'CROSS_SITE_REQUEST'));
  };
}

function sameLoopbackServer(origin: string, addressed: string): boolean {
  const from = URL.parse(origin);
  const to = URL.parse(addressed);
  if (!from || !to) return false;
  return (
    LOOPBACK_HOSTS.has(from.hostname) &&
    LOOPBACK_HOSTS.has(to.hostname) &&
    from.protocol === to.protocol &&
    from.port === to.port
  );
}
