import type { Migration } from '@risk-profile/platform';

/**
 * Passkeys (docs/accounts.md). A credential's public key (COSE, base64url) and its signature
 * counter; `credential_id` is unique across accounts, so an assertion names one account. A
 * challenge row lives until it is used once or expires; the browser holds its id in an httpOnly
 * cookie, so only the browser that asked can answer it. Sessions gain the method `passkey`.
 */
export const PASSKEY_MIGRATIONS: readonly Migration[] = [
  {
    id: '001-create-passkeys',
    sql: `
      CREATE TABLE account_passkeys (
        id uuid PRIMARY KEY,
        user_id uuid NOT NULL REFERENCES users (id),
        credential_id text NOT NULL CONSTRAINT account_passkeys_credential_unique UNIQUE,
        public_key text NOT NULL,
        counter bigint NOT NULL,
        transports text NOT NULL,
        device_type text NOT NULL,
        backed_up boolean NOT NULL,
        name text NOT NULL,
        created_at timestamptz NOT NULL,
        last_used_at timestamptz
      );
      CREATE INDEX account_passkeys_by_user ON account_passkeys (user_id, created_at);
      CREATE TABLE passkey_challenges (
        id uuid PRIMARY KEY,
        challenge text NOT NULL,
        purpose text NOT NULL CHECK (purpose IN ('register', 'sign-in-user', 'sign-in-admin', 'second-step')),
        user_id uuid,
        expires_at timestamptz NOT NULL
      );
      CREATE INDEX passkey_challenges_expiry ON passkey_challenges (expires_at);
      ALTER TABLE auth_sessions DROP CONSTRAINT auth_sessions_method_check;
      ALTER TABLE auth_sessions ADD CONSTRAINT auth_sessions_method_check
        CHECK (method IN ('password', 'totp', 'recovery-code', 'sso', 'passkey'));
    `,
  },
];
