import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { hasAnalystAccess, userRoleSchema } from '@risk-profile/contracts';
import {
  migrate,
  PgliteSqlClient,
  PgSqlClient,
  SessionRevocations,
  type SqlClient,
} from '@risk-profile/platform';
import { ACCOUNT_MIGRATIONS } from '../accounts/accounts.migrations';
import { AccountError, accountManager } from '../accounts/manage-accounts';
import { PASSKEY_MIGRATIONS } from '../accounts/passkeys/passkey.migrations';
import { listUsers } from '../accounts/user-repository';
import { ADVISER_MIGRATIONS } from '../advisers/adviser.migrations';

const USAGE = `Usage: npm run users -- <command> [options]
       node dist/server/users.mjs <command> [options]   (the built command, as in the image)

  create --role adviser|admin|analyst --email EMAIL --name NAME
         [--slug SLUG --company COMPANY --adviser-name NAME]   (an adviser's page; required for advisers)
  list
  disable EMAIL
  enable EMAIL
  reset-password EMAIL
  analyst-access EMAIL on|off                                   (an administrator's; ends its sessions)
  reset-second-factor EMAIL                                     (removes its second factors, as an administrator would; ends its sessions)
  audit [--limit N]                                             (recent sign-ins and account changes, with who made them)

The password of create and reset-password is read from standard input when it is piped in
(echo '…' | npm run users -- create …, or < a file), otherwise generated and printed once;
never on the command line.
Works on DATABASE_URL when set, else on the embedded data in DATA_DIR (default ./data):
stop the product first, the embedded database takes one process at a time.`;

async function readPassword(): Promise<{ password: string; generated: boolean }> {
  if (!process.stdin.isTTY) {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    const piped = Buffer.concat(chunks)
      .toString('utf8')
      .replace(/\r?\n$/, '');
    if (piped !== '') return { password: piped, generated: false };
  }
  return { password: randomBytes(18).toString('base64url'), generated: true };
}

async function open(): Promise<{ sql: SqlClient; revocations: SessionRevocations }> {
  const sql = process.env.DATABASE_URL
    ? PgSqlClient.open(process.env.DATABASE_URL, { max: 1 })
    : await PgliteSqlClient.open(join(process.env.DATA_DIR || './data', 'pglite'));
  await migrate(sql, 'adviser', ADVISER_MIGRATIONS);
  await migrate(sql, 'adviser-accounts', ACCOUNT_MIGRATIONS);
  // A second factor's reset removes passkeys too.
  await migrate(sql, 'adviser-passkeys', PASSKEY_MIGRATIONS);
  return { sql, revocations: await SessionRevocations.create(sql) };
}

async function run(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      role: { type: 'string' },
      email: { type: 'string' },
      name: { type: 'string' },
      slug: { type: 'string' },
      company: { type: 'string' },
      'adviser-name': { type: 'string' },
      limit: { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  const [command, target] = positionals;
  if (!command || values.help) {
    console.log(USAGE);
    return command ? 0 : 2;
  }
  const { sql, revocations } = await open();
  const accounts = accountManager(sql, () => new Date());
  try {
    switch (command) {
      case 'create': {
        const role = userRoleSchema.safeParse(values.role);
        if (!role.success || !values.email || !values.name) {
          console.error('create needs --role adviser|admin|analyst, --email and --name.');
          return 2;
        }
        const adviser =
          role.data === 'adviser'
            ? values.slug && values.company && values['adviser-name']
              ? { slug: values.slug, companyName: values.company, adviserName: values['adviser-name'] }
              : undefined
            : undefined;
        const { password, generated } = await readPassword();
        await accounts.create({ role: role.data, email: values.email, name: values.name, password, adviser });
        console.log(`Created ${role.data} ${values.email}.`);
        if (generated) console.log(`Password (shown once): ${password}`);
        return 0;
      }
      case 'list': {
        for (const user of await listUsers(sql)) {
          console.log(
            [
              user.email,
              user.role,
              user.name,
              user.adviserSlug ?? '-',
              user.disabled ? 'disabled' : 'active',
              hasAnalystAccess(user) ? 'analyst access' : '-',
            ].join('\t'),
          );
        }
        return 0;
      }
      case 'disable':
      case 'enable': {
        if (!target) throw new AccountError(`${command} needs the account's email.`);
        await accounts.setDisabled(target, command === 'disable');
        console.log(`${command === 'disable' ? 'Disabled' : 'Enabled'} ${target}; its sessions have ended.`);
        return 0;
      }
      case 'analyst-access': {
        const setting = positionals[2];
        if (!target || (setting !== 'on' && setting !== 'off'))
          throw new AccountError('analyst-access needs the account\u2019s email, then on or off.');
        await accounts.setAnalystAccess(target, setting === 'on');
        console.log(
          `Analyst access of ${target} ${setting === 'on' ? 'given' : 'taken away'}; its sessions have ended.`,
        );
        return 0;
      }
      case 'reset-second-factor': {
        if (!target) throw new AccountError('reset-second-factor needs the account\u2019s email.');
        await accounts.resetSecondFactor(target, revocations);
        console.log(`Second factor of ${target} reset; its sessions have ended.`);
        return 0;
      }
      case 'reset-password': {
        if (!target) throw new AccountError('reset-password needs the account\u2019s email.');
        const { password, generated } = await readPassword();
        await accounts.resetPassword(target, password);
        console.log(`Password of ${target} reset; its sessions have ended.`);
        if (generated) console.log(`New password (shown once): ${password}`);
        return 0;
      }
      case 'audit': {
        const limit = Math.min(Math.max(Number(values.limit ?? 50) || 50, 1), 10_000);
        const { rows } = await sql.query<Record<string, unknown>>(
          `SELECT at, event, email, ip, outcome, detail, actor_email FROM auth_audit ORDER BY id DESC LIMIT ${limit}`,
        );
        for (const row of rows.reverse()) {
          console.log(
            [
              new Date(row.at as string).toISOString(),
              row.event,
              row.email ?? '-',
              row.ip ?? '-',
              row.outcome,
              row.detail ?? '',
              row.actor_email ?? '',
            ].join('\t'),
          );
        }
        return 0;
      }
      default:
        console.error(`Unknown command "${command}".\n\n${USAGE}`);
        return 2;
    }
  } catch (error) {
    if (error instanceof AccountError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  } finally {
    await sql.close();
  }
}

process.exitCode = await run(process.argv.slice(2));
