import type { Migration } from '@risk-profile/platform';

/**
 * User accounts of advisers, administrators and analysts. `email_key` is the lower-cased email, so an
 * address is unique whatever its case. An adviser account points at its adviser record.
 */
export const ACCOUNT_MIGRATIONS: readonly Migration[] = [
  {
    id: '001-create-users-audit-failures',
    sql: `
      CREATE TABLE users (
        id uuid PRIMARY KEY,
        email text NOT NULL,
        email_key text NOT NULL CONSTRAINT users_email_unique UNIQUE,
        password_hash text NOT NULL,
        role text NOT NULL CHECK (role IN ('adviser', 'admin')),
        name text NOT NULL,
        adviser_id uuid REFERENCES advisers (id),
        disabled boolean NOT NULL DEFAULT false,
        session_version integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL,
        changed_at timestamptz NOT NULL,
        CHECK ((role = 'adviser') = (adviser_id IS NOT NULL))
      );
      -- Failed sign-ins per account, for the lock; rows older than the window are pruned.
      CREATE TABLE login_failures (
        email_key text NOT NULL,
        failed_at timestamptz NOT NULL
      );
      CREATE INDEX login_failures_by_account ON login_failures (email_key, failed_at);
      -- Who signed in, failed, logged out, was locked, or was changed: never a password or token.
      CREATE TABLE auth_audit (
        id bigserial PRIMARY KEY,
        at timestamptz NOT NULL,
        event text NOT NULL,
        email text,
        user_id uuid,
        ip text,
        outcome text NOT NULL,
        detail text
      );
      CREATE INDEX auth_audit_by_time ON auth_audit (at);
    `,
  },
  {
    // A sign-in attempt is recorded before its password is checked (lockout.ts): `attempt` names
    // it, `checking` marks it as still in progress, so a success clears settled failures and its
    // own row but not the attempts still being checked beside it.
    id: '002-login-attempts-reserved-before-the-check',
    sql: `
      ALTER TABLE login_failures ADD COLUMN attempt uuid;
      ALTER TABLE login_failures ADD COLUMN checking boolean NOT NULL DEFAULT false;
    `,
  },
  {
    // Advisers created by an administrator get an account with no password until its holder
    // follows the invitation link; the links are single use and kept only as a SHA-256 of the
    // token (account-tokens.ts). The audit trail names the administrator behind each change,
    // and sign-ins are found per account for the admin list's "last sign-in".
    id: '003-invitations-and-audit-actor',
    sql: `
      ALTER TABLE users ALTER COLUMN password_hash DROP NOT NULL;
      ALTER TABLE auth_audit ADD COLUMN actor_id uuid, ADD COLUMN actor_email text;
      CREATE INDEX auth_audit_by_user ON auth_audit (user_id, at) WHERE user_id IS NOT NULL;
      CREATE TABLE account_tokens (
        token_hash text PRIMARY KEY,
        user_id uuid NOT NULL REFERENCES users (id),
        kind text NOT NULL CHECK (kind IN ('invitation', 'reset')),
        created_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        replaced_at timestamptz
      );
      CREATE INDEX account_tokens_by_user ON account_tokens (user_id, created_at);
    `,
  },
  {
    // Analysts (docs/accounts.md): a third role, with no adviser page. An administrator may be
    // given analyst access (an analyst has it by role, an adviser never). API tokens let an
    // analyst's tools sign in to /clickhouse; only a SHA-256 of each secret is kept
    // (analyst-tokens.ts), with a short prefix its holder can recognise.
    id: '004-analysts-and-api-tokens',
    sql: `
      ALTER TABLE users DROP CONSTRAINT users_role_check;
      ALTER TABLE users ADD CONSTRAINT users_role_check CHECK (role IN ('adviser', 'admin', 'analyst'));
      ALTER TABLE users ADD COLUMN analyst_access boolean NOT NULL DEFAULT false;
      ALTER TABLE users ADD CONSTRAINT users_analyst_access_admins_only CHECK (NOT analyst_access OR role = 'admin');
      CREATE TABLE analyst_tokens (
        id uuid PRIMARY KEY,
        user_id uuid NOT NULL REFERENCES users (id),
        name text NOT NULL,
        token_hash text NOT NULL CONSTRAINT analyst_tokens_hash_unique UNIQUE,
        prefix text NOT NULL,
        created_at timestamptz NOT NULL,
        last_used_at timestamptz,
        revoked_at timestamptz
      );
      CREATE INDEX analyst_tokens_by_user ON analyst_tokens (user_id, created_at);
    `,
  },
  {
    // Second factors and the sessions a person can see (docs/accounts.md). The TOTP secret is
    // sealed (AES-256-GCM under MFA_ENCRYPTION_KEY, bound to the account); `confirmed_at` is null
    // until a first code proves the app has it; `last_step` is the last time step accepted, so a
    // code is taken once. Recovery codes are kept as SHA-256 only. A session row is written when a
    // session starts; it has ended when `ended_at` is set or the account's session version moved on.
    id: '005-second-factor-and-sessions',
    sql: `
      CREATE TABLE account_totp (
        user_id uuid PRIMARY KEY REFERENCES users (id),
        secret_sealed text NOT NULL,
        created_at timestamptz NOT NULL,
        confirmed_at timestamptz,
        last_step bigint
      );
      CREATE TABLE account_recovery_codes (
        code_hash text PRIMARY KEY,
        user_id uuid NOT NULL REFERENCES users (id),
        created_at timestamptz NOT NULL,
        used_at timestamptz
      );
      CREATE INDEX account_recovery_codes_by_user ON account_recovery_codes (user_id);
      CREATE TABLE auth_sessions (
        id uuid PRIMARY KEY,
        user_id uuid NOT NULL REFERENCES users (id),
        session_version integer NOT NULL,
        started_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL,
        ip text,
        user_agent text,
        method text NOT NULL CHECK (method IN ('password', 'totp', 'recovery-code', 'sso')),
        mfa_setup_only boolean NOT NULL DEFAULT false,
        ended_at timestamptz
      );
      CREATE INDEX auth_sessions_by_user ON auth_sessions (user_id, started_at);
    `,
  },
];
