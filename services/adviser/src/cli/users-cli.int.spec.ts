import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PgliteSqlClient, PgSqlClient, type SqlClient } from '@risk-profile/platform';
import { describeTarget, describeTargets } from '@risk-profile/platform/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bundle } from '../../../../scripts/lib/bundle.mjs';
import { root, serverEntries } from '../../../../scripts/lib/paths.mjs';
import { replaceRecoveryCodes, saveUnconfirmedTotp, takeStep } from '../accounts/mfa/second-factor-store';

const serverUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;

/** The two places the command works on: the embedded data folder, and a PostgreSQL server. */
const targets = [
  { name: 'the embedded data folder' },
  {
    name: 'a PostgreSQL server',
    skipReason: serverUrl ? undefined : 'no PostgreSQL server configured (set TEST_DATABASE_URL)',
  },
];

/**
 * The users entry bundled once for the file (as the build bundles it), in a folder inside the
 * repository so its npm imports resolve. `scripts/users.mjs` bundles it again on every run, which
 * is a few seconds each: the tests run the bundle, and one run goes through the npm script.
 */
let bundled: Promise<string> | undefined;
function bundledUsers(): Promise<string> {
  bundled ??= (async () => {
    mkdirSync(join(root, 'dist'), { recursive: true });
    const dir = mkdtempSync(join(root, 'dist', '.test-users-'));
    await bundle({ users: join(root, serverEntries.users!) }, dir);
    return dir;
  })();
  return bundled;
}
afterAll(async () => {
  if (bundled) rmSync(await bundled, { recursive: true, force: true });
});

/** A schema of its own on the server, named by search_path in the connection string. */
async function serverSchema(prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const schema = `${prefix}_${process.pid}_${Date.now()}`;
  const admin = PgSqlClient.open(serverUrl!, { max: 1 });
  await admin.exec(`CREATE SCHEMA ${schema}`);
  const sep = serverUrl!.includes('?') ? '&' : '?';
  return {
    url: `${serverUrl}${sep}options=${encodeURIComponent(`-c search_path=${schema}`)}`,
    drop: async () => {
      await admin.exec(`DROP SCHEMA ${schema} CASCADE`);
      await admin.close();
    },
  };
}

describeTargets(
  targets,
  (target) => `npm run users on ${target.name}`,
  (target) => {
    let env: NodeJS.ProcessEnv;
    let cleanup: () => Promise<void>;
    /** The store the command works on, opened by the test between command runs. */
    let openStore: () => Promise<SqlClient>;
    let entry: string;
    beforeAll(async () => {
      entry = join(await bundledUsers(), 'users.mjs');
      if (target.name === 'a PostgreSQL server') {
        const schema = await serverSchema('users_cli');
        env = { PATH: process.env.PATH, DATABASE_URL: schema.url };
        cleanup = schema.drop;
        openStore = async () => PgSqlClient.open(schema.url, { max: 1 });
      } else {
        const dir = mkdtempSync(join(tmpdir(), 'users-cli-'));
        env = { PATH: process.env.PATH, DATA_DIR: dir };
        cleanup = async () => rmSync(dir, { recursive: true, force: true });
        openStore = () => PgliteSqlClient.open(join(dir, 'pglite'));
      }
    });
    /** Runs `use` on the store, closed again before the next command run opens it. */
    const onStore = async <T>(use: (sql: SqlClient) => Promise<T>): Promise<T> => {
      const sql = await openStore();
      try {
        return await use(sql);
      } finally {
        await sql.close();
      }
    };
    afterAll(async () => cleanup?.());

    const users = (args: string[], input = '', script = entry) =>
      spawnSync(process.execPath, [script, ...args], {
        cwd: root,
        env,
        input,
        encoding: 'utf8',
        timeout: 60_000,
      });
    /** `users create` of an account whose password is typed in. */
    const create = (role: string, email: string, name: string, password: string) =>
      users(['create', '--role', role, '--email', email, '--name', name], `${password}\n`);

    it('creates accounts, refuses weak passwords and duplicates, lists, disables and resets', () => {
      const weak = create('admin', 'ops@example.com', 'Ops', 'password1234');
      expect(weak.status).toBe(1);
      expect(weak.stderr).toContain('one of the most common passwords');
      const short = create('admin', 'ops@example.com', 'Ops', 'short');
      expect(short.stderr).toContain('at least 12 characters');

      const created = create('admin', 'Ops@Example.com', 'Ops', 'a long enough passphrase');
      expect(created.status).toBe(0);
      const duplicate = create('admin', 'ops@example.com', 'Ops', 'another long passphrase');
      expect(duplicate.status).toBe(1);
      expect(duplicate.stderr).toContain('already exists');

      const adviser = users([
        'create',
        '--role',
        'adviser',
        '--email',
        'jo@example.com',
        '--name',
        'Jo',
        '--slug',
        'jo-adviser',
        '--company',
        'Jo & Co',
        '--adviser-name',
        'Jo Adviser',
      ]);
      expect(adviser.status).toBe(0);
      const generated = /Password \(shown once\): (\S+)/.exec(adviser.stdout)?.[1];
      expect(generated?.length).toBeGreaterThanOrEqual(20);

      expect(users(['disable', 'ops@example.com']).status).toBe(0);
      expect(users(['reset-password', 'jo@example.com'], 'a brand new passphrase\n').status).toBe(0);
      // `npm run users` itself: the script that bundles the command and runs it.
      const list = users(['list'], '', 'scripts/users.mjs').stdout;
      expect(list).toContain('Ops@Example.com\tadmin\tOps\t-\tdisabled');
      expect(list).toContain('jo@example.com\tadviser\tJo\tjo-adviser\tactive');

      const audit = users(['audit']).stdout;
      for (const event of ['account_created', 'account_disabled', 'password_reset'])
        expect(audit).toContain(event);
      for (const secret of ['a long enough passphrase', 'a brand new passphrase', generated!]) {
        expect(audit + list).not.toContain(secret);
      }
      // Ten command runs in a row, each a process that opens the store: more than the tier's
      // default minute on a loaded machine.
    }, 120_000);

    it('creates analysts, and gives and takes an administrator\u2019s analyst access', () => {
      const admin = create('admin', 'lead@example.com', 'Lead', 'the lead passphrase');
      expect(admin.status).toBe(0);
      const analyst = create('analyst', 'data@example.com', 'Data Team', 'an analyst passphrase');
      expect(analyst.status).toBe(0);
      expect(analyst.stdout).toBe('Created analyst data@example.com.\n');
      expect(users(['analyst-access', 'Lead@example.com', 'on']).status).toBe(0);
      const list = users(['list']).stdout;
      expect(list).toContain('lead@example.com\tadmin\tLead\t-\tactive\tanalyst access');
      expect(list).toContain('data@example.com\tanalyst\tData Team\t-\tactive\tanalyst access');
      expect(users(['analyst-access', 'lead@example.com', 'off']).status).toBe(0);
      const notAdmin = users(['analyst-access', 'data@example.com', 'on']);
      expect(notAdmin.status).toBe(1);
      expect(notAdmin.stderr).toContain('administrators only');
      const audit = users(['audit']).stdout;
      expect(audit).toMatch(/analyst_access_given\tlead@example\.com/);
      expect(audit).toMatch(/analyst_access_taken\tlead@example\.com/);
      expect(audit + list).not.toContain('an analyst passphrase');
      // Seven command runs, each a process that opens the store: on a loaded machine the
      // embedded data folder takes several minutes.
    }, 300_000);

    it('resets a second factor as an administrator would, named as the command line, ending its sessions', async () => {
      expect(
        create('admin', 'last-admin@example.com', 'Last Admin', 'the last admin passphrase').status,
      ).toBe(0);
      const state = (sql: SqlClient) =>
        sql.query<{ id: string; version: number; totp: number; codes: number }>(
          `SELECT u.id, s.session_version AS version,
             (SELECT count(*) FROM account_totp t WHERE t.user_id = u.id) AS totp,
             (SELECT count(*) FROM account_recovery_codes c WHERE c.user_id = u.id) AS codes
           FROM users u JOIN auth_session_state s ON s.user_id = u.id WHERE u.email_key = 'last-admin@example.com'`,
        );
      // The administrator's app and recovery codes, as confirming them on the account page leaves them.
      const before = await onStore(async (sql) => {
        const { id } = (await state(sql)).rows[0]!;
        const now = new Date();
        await saveUnconfirmedTotp(sql, id, 'sealed-secret-never-read', now);
        expect(await takeStep(sql, id, 1, now)).toBe(true);
        await replaceRecoveryCodes(sql, id, ['code-hash-1', 'code-hash-2'], now);
        return (await state(sql)).rows[0]!;
      });
      expect([Number(before.totp), Number(before.codes)]).toEqual([1, 2]);

      const reset = users(['reset-second-factor', 'Last-Admin@example.com']);
      expect(reset.stderr).toBe('');
      expect(reset.status).toBe(0);
      expect(reset.stdout).toBe('Second factor of Last-Admin@example.com reset; its sessions have ended.\n');
      const after = await onStore(async (sql) => (await state(sql)).rows[0]!);
      expect([Number(after.totp), Number(after.codes)]).toEqual([0, 0]);
      // Every session issued before carries the old version, refused by every service.
      expect(after.version).toBeGreaterThan(before.version);
      const audited = await onStore(
        async (sql) =>
          (
            await sql.query(
              `SELECT email, user_id, outcome, actor_id, actor_email FROM auth_audit WHERE event = 'second_factor_reset'`,
            )
          ).rows,
      );
      expect(audited).toEqual([
        {
          email: 'last-admin@example.com',
          user_id: before.id,
          outcome: 'success',
          actor_id: null,
          actor_email: 'command line',
        },
      ]);
      expect(users(['audit']).stdout).toMatch(
        /second_factor_reset\tlast-admin@example\.com\t-\tsuccess\t\tcommand line/,
      );

      const again = users(['reset-second-factor', 'last-admin@example.com']);
      expect(again.status).toBe(1);
      expect(again.stderr).toContain('no second factor to reset');
      const unknown = users(['reset-second-factor', 'nobody@example.com']);
      expect(unknown.status).toBe(1);
      expect(unknown.stderr).toContain('No account with the email nobody@example.com');
      expect(users(['reset-second-factor']).stderr).toContain('needs the account');
      // Six command runs, each a process that opens the store.
    }, 300_000);
  },
);

/**
 * The command as the image ships it (`node dist/server/users.mjs`, built from the same build
 * entry), run as a production container runs it: NODE_ENV=production, DATABASE_URL and nothing
 * else, in a working folder where it must write nothing. This is how a production site gets its
 * first administrator (docs/deployment.md).
 */
describeTarget(
  'the built users command on a PostgreSQL server, as in the image',
  { name: 'a PostgreSQL server', skipReason: targets[1]!.skipReason },
  () => {
    let entry: string;
    let cwd: string;
    let env: NodeJS.ProcessEnv;
    let dropSchema: () => Promise<void>;
    beforeAll(async () => {
      entry = join(await bundledUsers(), 'users.mjs');
      cwd = mkdtempSync(join(tmpdir(), 'users-image-'));
      const schema = await serverSchema('users_image');
      dropSchema = schema.drop;
      env = { PATH: process.env.PATH, NODE_ENV: 'production', DATABASE_URL: schema.url };
    });
    afterAll(async () => {
      await dropSchema?.();
      rmSync(cwd, { recursive: true, force: true });
    });

    const users = (args: string[], input: string) =>
      spawnSync(process.execPath, [entry, ...args], {
        cwd,
        env,
        input,
        encoding: 'utf8',
        timeout: 60_000,
      });

    it('creates the first administrator with the password from standard input', () => {
      const created = users(
        ['create', '--role', 'admin', '--email', 'first-admin@example.com', '--name', 'First Admin'],
        'the first administrator passphrase\n',
      );
      expect(created.stderr).toBe('');
      expect(created.status).toBe(0);
      expect(created.stdout).toBe('Created admin first-admin@example.com.\n');
      expect(users(['list'], '').stdout).toContain('first-admin@example.com\tadmin\tFirst Admin\t-\tactive');
      // It worked on the server: no embedded database was made in the working folder.
      expect(existsSync(join(cwd, 'data'))).toBe(false);
    }, 120_000);
  },
);
