import { isIP } from 'node:net';
import type { Request } from 'express';

/**
 * The client's address as a syntactically valid IP, for what is recorded (the signing IP, the
 * audit trail) and what is limited (per-IP rates). `req.ip` honours the app's trust-proxy setting:
 * directly connected it is the socket's peer; behind a trusted proxy, the address that proxy put
 * in X-Forwarded-For. A trusted hop can still pass on whatever text a client sent, so anything
 * that is not an IP address falls back to the peer that really connected.
 */
export function clientIp(req: Request): string {
  const claimed = req.ip;
  if (claimed && isIP(claimed) !== 0) return claimed;
  const peer = req.socket.remoteAddress;
  return peer && isIP(peer) !== 0 ? peer : '0.0.0.0';
}
