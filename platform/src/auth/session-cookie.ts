import type { IncomingMessage } from 'node:http';
import { SESSION_TTL_SECONDS } from './session-tokens';

/**
 * A cookie of the site: httpOnly, SameSite=Lax, path /. Over https it is Secure and carries the
 * `__Host-` prefix, which browsers accept only from a secure origin, without Domain, on path /.
 */
export function siteCookie(baseName: string, publicUrl: string, maxAgeSeconds: number) {
  const secure = publicUrl.startsWith('https:');
  const name = secure ? `__Host-${baseName}` : baseName;
  const attributes = ['Path=/', 'HttpOnly', 'SameSite=Lax', ...(secure ? ['Secure'] : [])];
  return {
    name,
    set: (value: string) => `${name}=${value}; Max-Age=${maxAgeSeconds}; ${attributes.join('; ')}`,
    clear: () => `${name}=; Max-Age=0; ${attributes.join('; ')}`,
    read: (req: IncomingMessage): string | undefined => readCookie(req, name),
  };
}

/** The value of the cookie `name` a request carries, or undefined. */
export function readCookie(req: IncomingMessage, name: string): string | undefined {
  for (const part of req.headers.cookie?.split(';') ?? []) {
    const index = part.indexOf('=');
    if (index !== -1 && part.slice(0, index).trim() === name)
      return part.slice(index + 1).trim() || undefined;
  }
  return undefined;
}

export type SiteCookie = ReturnType<typeof siteCookie>;

/** The session cookie, `rp_session` (`__Host-rp_session` over https). */
export const sessionCookie = (publicUrl: string) => siteCookie('rp_session', publicUrl, SESSION_TTL_SECONDS);

export type SessionCookie = SiteCookie;
