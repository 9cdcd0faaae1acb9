// What a second factor costs the server at sign-in: a password sign-in of an account without one,
// against the password step and the code step of an account with an authenticator app (TOTP).
// The adviser service runs in this process on real adapters with a clock the bench moves 30 s
// per sample, so every code is a new one (a code is accepted once); requests go over loopback HTTP.
// bcrypt is the same work in both and is left out: its cost-12 time varies by tens of ms on a
// busy machine, which would drown the figure, so the two demo passwords are re-hashed at cost 4
// for the run, and each password check waits out the spacing of password checks (passwords.ts),
// which would otherwise be what is measured.
// Usage: node scripts/run-ts.mjs bench/mfa-sign-in.bench.ts
import { PgliteSqlClient } from '../platform/src/sql/pglite-client.adapter';
import type { SqlClient } from '../platform/src/sql/sql-client.port';
import { startServiceUnderTest } from '../platform/src/testing/service-under-test';
import { totpCode } from '../services/adviser/src/accounts/mfa/totp';
import { hashPassword, MIN_MS_BETWEEN_HASHES } from '../services/adviser/src/accounts/passwords';
import { adviserConfigSchema } from '../services/adviser/src/config';
import { DEMO_ACCOUNTS } from '../services/adviser/src/demo/seed';
import { createAdviserService } from '../services/adviser/src/index';
import { onServerSchema } from './support/server-schema';

const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 30);
const BENCH_BCRYPT_COST = 4;
const spacing = () => new Promise((resolve) => setTimeout(resolve, MIN_MS_BETWEEN_HASHES + 20));
const TARGET_MS = 5;
const [PASSWORD_ONLY, WITH_TOTP] = DEMO_ACCOUNTS;

class Samples {
  private readonly values: { ms: number; cpuMs: number }[] = [];
  add(sample: { ms: number; cpuMs: number }): void {
    this.values.push(sample);
  }
  median(measure: 'ms' | 'cpuMs'): number {
    const sorted = this.values.map((value) => value[measure]).sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
  }
}

const cookieNamed = (res: Response, name: string) =>
  res.headers
    .getSetCookie()
    .map((header) => header.split(';')[0]!)
    .find((pair) => pair.startsWith(`${name}=`));

async function run(label: string, sql: SqlClient): Promise<void> {
  let now = new Date('2026-11-28T09:00:00.000Z');
  const config = adviserConfigSchema.parse({
    LINK_TOKEN_SECRET: 'bench-link-token-secret-0123456789abcdef',
    SESSION_SECRET: 'bench-session-secret-0123456789abcdef-xyz',
    MFA_ENCRYPTION_KEY: Buffer.alloc(32, 9).toString('base64'),
    HOUSEHOLD_ENCRYPTION_KEY: Buffer.alloc(32, 8).toString('base64'),
    DEMO_DATA: 'true',
    LOGIN_RATE_LIMIT_PER_MINUTE: '0',
  });
  const service = await startServiceUnderTest(sql, (deps) => createAdviserService(deps, config), {
    clock: () => now,
    background: true,
  });
  const call = (path: string, body: unknown, cookie?: string) =>
    fetch(`${service.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });
  /** Wall time, and CPU time of this process (the service, its bcrypt threads and the client). */
  const timed = async (request: () => Promise<Response>) => {
    const cpu = process.cpuUsage();
    const started = performance.now();
    const res = await request();
    const ms = performance.now() - started;
    const used = process.cpuUsage(cpu);
    if (res.status !== 200) throw new Error(`${res.url} answered ${res.status}: ${await res.text()}`);
    return { res, ms, cpuMs: (used.user + used.system) / 1000 };
  };
  try {
    for (const account of [PASSWORD_ONLY, WITH_TOTP]) {
      await sql.query('UPDATE users SET password_hash = $1 WHERE email_key = $2', [
        await hashPassword(account.password, BENCH_BCRYPT_COST),
        account.email,
      ]);
    }
    await spacing();
    // The app for WITH_TOTP, set up as its holder would.
    const first = await call('/api/auth/login', { email: WITH_TOTP.email, password: WITH_TOTP.password });
    const session = cookieNamed(first, 'rp_session');
    const { secret } = (await (await call('/api/auth/mfa/totp/setup', {}, session)).json()) as {
      secret: string;
    };
    await call('/api/auth/mfa/totp/confirm', { code: totpCode(secret, now) }, session);

    const [passwordOnly, passwordStep, codeStep] = [new Samples(), new Samples(), new Samples()];
    for (let i = 0; i < SAMPLES + 2; i++) {
      now = new Date(now.getTime() + 30_000);
      await spacing();
      const plain = await timed(() =>
        call('/api/auth/login', { email: PASSWORD_ONLY.email, password: PASSWORD_ONLY.password }),
      );
      await spacing();
      const step = await timed(() =>
        call('/api/auth/login', { email: WITH_TOTP.email, password: WITH_TOTP.password }),
      );
      const pending = cookieNamed(step.res, 'rp_mfa');
      const verified = await timed(() =>
        call('/api/auth/mfa/verify', { code: totpCode(secret, now) }, pending),
      );
      if (i < 2) continue; // warm-up
      passwordOnly.add(plain);
      passwordStep.add(step);
      codeStep.add(verified);
    }
    console.log(
      `\n${label} (${SAMPLES} samples each, medians; bcrypt at cost ${BENCH_BCRYPT_COST}, the same in both)`,
    );
    for (const measure of ['ms', 'cpuMs'] as const) {
      const plain = passwordOnly.median(measure);
      const withTotp = passwordStep.median(measure) + codeStep.median(measure);
      const added = withTotp - plain;
      console.log(
        `  ${measure === 'ms' ? 'wall time' : 'CPU time '}: password sign-in ${plain.toFixed(1)} ms; with TOTP, password step ${passwordStep.median(measure).toFixed(1)} ms + code step ${codeStep.median(measure).toFixed(1)} ms = ${withTotp.toFixed(1)} ms; TOTP adds ${added.toFixed(1)} ms (target <= ${TARGET_MS} ms: ${added <= TARGET_MS ? 'met' : 'missed'})`,
      );
    }
  } finally {
    await service.stop();
  }
}

const pglite = await PgliteSqlClient.open();
await run('Embedded (PGlite)', pglite);
await pglite.close();

await onServerSchema('bench_mfa', (sql) => run('PostgreSQL server', sql));
