import type { AnalystIdentity } from '@risk-profile/contracts';
import type {
  AnalystAuthenticator,
  AnalystCredential,
  AnalystVerdict,
} from '../clickhouse-http/analyst-authenticator';

/**
 * An AnalystAuthenticator for this service's tests: accounts and tokens registered here, with the
 * adviser service's answers (401 wrong, 403 no analyst access). The real check is the adviser
 * service's ANALYST_CREDENTIALS_PATH, tested there.
 */
export class TestAnalystAuthenticator implements AnalystAuthenticator {
  private readonly passwords = new Map<string, { password: string; analyst: AnalystIdentity | null }>();
  private readonly tokens = new Map<string, AnalystIdentity>();
  calls = 0;

  account(email: string, password: string, analyst: boolean): AnalystIdentity {
    const identity = { id: `id-${email}`, email, name: email.split('@')[0]! };
    this.passwords.set(email, { password, analyst: analyst ? identity : null });
    return identity;
  }

  token(token: string, analyst: AnalystIdentity): void {
    this.tokens.set(token, analyst);
  }

  async verify(credential: AnalystCredential): Promise<AnalystVerdict> {
    this.calls++;
    if (credential.kind === 'token') {
      const analyst = this.tokens.get(credential.token);
      return analyst
        ? { kind: 'analyst', analyst }
        : { kind: 'refused', status: 401, message: 'Unknown token' };
    }
    const account = this.passwords.get(credential.email);
    if (!account || account.password !== credential.password) {
      return { kind: 'refused', status: 401, message: 'Wrong email or password' };
    }
    return account.analyst
      ? { kind: 'analyst', analyst: account.analyst }
      : { kind: 'refused', status: 403, message: 'No analyst access' };
  }
}
