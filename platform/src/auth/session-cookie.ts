import type { IncomingMessage } from 'node:http';
import { SESSION_TTL_SECONDS } from './session-tokens';

/**
 * The session cookie: httpOnly, SameSite=Lax, path /. Over https it is Secure and carries the
 * `__Host-` prefix, which browsers accept only from a secure origin, without Domain, on path /.
 */
export function sessionCookie(publicUrl: string) {
  const secure = publicUrl.startsWith('https:');
  const name = secure ? '__Host-rp_session' : 'rp_session';
  const attributes = ['Path=/', 'HttpOnly', 'SameSite=Lax', ...(secure ? ['Secure'] : [])];
  return {
    name,
    set: (token: string) => `${name}=${token}; Max-Age=${SESSION_TTL_SECONDS}; ${attributes.join('; ')}`,
    clear: () => `${name}=; Max-Age=0; ${attributes.join('; ')}`,
    read(req: IncomingMessage): string | undefined {
      const header = req.headers.cookie;
      if (!header) return undefined;
      for (const part of header.split(';')) {
        const index = part.indexOf('=');
        if (index === -1) continue;
        if (part.slice(0, index).trim() === name) return part.slice(index + 1).trim() || undefined;
      }
      return undefined;
    },
  };
}

export type SessionCookie = ReturnType<typeof sessionCookie>;
