import type { IncomingMessage } from 'node:http';
import type { SessionUser, SessionVerifier } from '@risk-profile/platform';

/**
 * A SessionVerifier for this service's HTTP slice tests and the analytics benchmark: the cookie
 * `test-session=<token>` names a user registered with `grant`. The real verifier (platform's
 * openSessions: JWT cookie plus revocation) is tested with the adviser service's sign-in; this
 * service takes whichever verifier its composition root passes in.
 */
export class TestSessionVerifier implements SessionVerifier {
  private readonly users = new Map<string, SessionUser>();

  grant(token: string, user: Partial<SessionUser> & Pick<SessionUser, 'role'>): string {
    this.users.set(token, {
      id: `user-${token}`,
      email: `${token}@example.com`,
      name: `User ${token}`,
      adviserSlug: null,
      sessionId: `session-${token}`,
      expiresAt: new Date(Date.now() + 86_400_000),
      ...user,
    });
    return `test-session=${token}`;
  }

  revoke(token: string): void {
    this.users.delete(token);
  }

  async authenticate(req: IncomingMessage): Promise<SessionUser | null> {
    const match = /(?:^|;\s*)test-session=([^;]+)/.exec(req.headers.cookie ?? '');
    return match ? (this.users.get(match[1]!) ?? null) : null;
  }
}
