import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { adviserConfigSchema } from '@risk-profile/adviser';
import { analyticsProcessConfigSchema } from '@risk-profile/analytics';
import { assessmentProcessConfigSchema } from '@risk-profile/assessment';
import { gatewayConfigSchema } from '@risk-profile/gateway';
import { notificationProcessConfigSchema } from '@risk-profile/notification';
import { ConfigError, loadConfigs, serviceEntryConfigSchema } from '@risk-profile/platform';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { root, serverEntries } from '../scripts/lib/paths.mjs';

/**
 * `docker compose up` cannot run here (no Docker engine), so this reads docker-compose.yml and
 * deploy/Dockerfile as Docker would and checks what would otherwise only fail on an operator's
 * machine: every key each deployable's own configuration schema requires is given and valid
 * (production rules included), every command and file it names exists in the image's build, and
 * every service another waits for has a healthcheck and is waited on until healthy.
 */

const composeText = readFileSync(join(root, 'docker-compose.yml'), 'utf8');
const dockerfile = readFileSync(join(root, 'deploy/Dockerfile'), 'utf8');

type Schemas = Parameters<typeof loadConfigs>[0];

/** Each deployable's configuration schemas, as its main.ts parses them (runService or the gateway's). */
const DEPLOYABLES: Record<string, { port: number; schemas: Schemas }> = {
  gateway: { port: 3000, schemas: [gatewayConfigSchema] },
  assessment: { port: 3001, schemas: [serviceEntryConfigSchema(3001), assessmentProcessConfigSchema] },
  adviser: { port: 3002, schemas: [serviceEntryConfigSchema(3002), adviserConfigSchema] },
  notification: { port: 3003, schemas: [serviceEntryConfigSchema(3003), notificationProcessConfigSchema] },
  analytics: { port: 3004, schemas: [serviceEntryConfigSchema(3004), analyticsProcessConfigSchema] },
};

/** What an operator following the file's header puts in .env: every required variable, secrets of 32+ characters. */
const REQUIRED = {
  POSTGRES_PASSWORD: 'postgres-password-of-the-operator',
  LINK_TOKEN_SECRET: 'link-token-secret-of-at-least-32-characters',
  SESSION_SECRET: 'session-secret-of-at-least-32-characters!',
  DATA_ENCRYPTION_KEY: 'MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY=',
  MFA_ENCRYPTION_KEY: 'ZmVkY2JhOTg3NjU0MzIxMGZlZGNiYTk4NzY1NDMyMTA=',
  HOUSEHOLD_ENCRYPTION_KEY: 'aG91c2Vob2xkLW1lbWJlcnMta2V5LTMyLWJ5dGVzISE=',
  CLICKHOUSE_PASSWORD: 'clickhouse-password-of-the-operator',
  CLICKHOUSE_ANALYST_PASSWORD: 'analyst-password-of-the-operator',
};

/** Two operators: one who sends email and text messages, one who keeps them as files (a trial site). */
const OPERATORS: Record<string, Record<string, string>> = {
  'with a mail server and Vonage': {
    ...REQUIRED,
    PUBLIC_URL: 'https://risk-profile.example.com',
    MAIL_TRANSPORT: 'smtp',
    SMTP_URL: 'smtp://mailer:secret@mail.example.com:587',
    MAIL_FROM: 'Risk Profile <no-reply@example.com>',
    SMS_TRANSPORT: 'vonage',
    VONAGE_API_KEY: 'key',
    VONAGE_API_SECRET: 'secret',
    VONAGE_FROM: 'RiskProfile',
    OIDC_ISSUER: 'https://login.example.com/tenant/v2.0',
    OIDC_CLIENT_ID: 'risk-profile',
    OIDC_CLIENT_SECRET: 'client-secret-of-the-operator',
    SSO_ONLY_ROLES: 'admin',
    MFA_REQUIRED_ROLES: 'admin,analyst,adviser',
  },
  'keeping messages in the outbox folder': { ...REQUIRED, MAIL_TRANSPORT: 'outbox', SMS_TRANSPORT: 'outbox' },
};

type Service = {
  command?: string[];
  image?: string;
  build?: { context: string; dockerfile: string };
  environment?: Record<string, string | number | boolean | null> | string[];
  depends_on?: string[] | Record<string, { condition?: string }>;
  healthcheck?: { test: string[] | string };
  volumes?: string[];
};
type ComposeFile = { services: Record<string, Service>; volumes?: Record<string, unknown> };

/** Compose's interpolation: ${VAR}, ${VAR:-default}, ${VAR-default}, ${VAR:?error}, ${VAR?error}, $$. */
function interpolate(value: string, operator: Record<string, string>): string {
  return value.replace(
    /\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?)([-?])([^}]*))?\}/g,
    (match, name: string | undefined, colon: string, kind: string, arg: string) => {
      if (match === '$$') return '$';
      const set = operator[name!];
      const missing = set === undefined || (colon === ':' && set === '');
      if (!missing) return set;
      if (kind === '?') throw new Error(`required variable ${name} is missing: ${arg}`);
      return kind === '-' ? arg : '';
    },
  );
}

function interpolateAll(node: unknown, operator: Record<string, string>): unknown {
  if (typeof node === 'string') return interpolate(node, operator);
  if (Array.isArray(node)) return node.map((item) => interpolateAll(item, operator));
  if (node && typeof node === 'object')
    return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, interpolateAll(v, operator)]));
  return node;
}

/** The file as Docker Compose sees it for this operator: YAML merge keys resolved, variables substituted. */
function composeFor(operator: Record<string, string>): ComposeFile {
  return interpolateAll(parse(composeText, { merge: true }), operator) as ComposeFile;
}

/** The environment the image itself sets (ENV of the final stage). */
function imageEnvironment(): Record<string, string> {
  const finalStage = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
  const env: Record<string, string> = {};
  for (const [, line] of finalStage.matchAll(/^ENV\s+(.+)$/gm))
    for (const [, key, value] of line!.matchAll(/([A-Za-z_][A-Za-z0-9_]*)=(\S+)/g)) env[key!] = value!;
  return env;
}

function environmentOf(service: Service): Record<string, string> {
  const entries = Array.isArray(service.environment)
    ? service.environment.map((line) => line.split(/=(.*)/s).slice(0, 2) as [string, string])
    : Object.entries(service.environment ?? {}).map(([k, v]) => [k, v === null ? '' : String(v)]);
  return Object.fromEntries(entries);
}

/** The names of the services that run `deployable` (its instances). */
function instancesOf(compose: ComposeFile, deployable: string): string[] {
  return Object.entries(compose.services)
    .filter(([, service]) => bundleOf(service) === deployable)
    .map(([name]) => name);
}

/** The deployable a service runs: `node dist/server/<name>.mjs`. */
function bundleOf(service: Service): string | undefined {
  const [node, script, ...rest] = service.command ?? [];
  if (node !== 'node' || rest.length > 0) return undefined;
  return /^dist\/server\/([a-z-]+)\.mjs$/.exec(script ?? '')?.[1];
}

function dependsOn(service: Service): [string, string][] {
  const depends = service.depends_on ?? [];
  // The list form waits only for the start, never for health.
  if (Array.isArray(depends)) return depends.map((name) => [name, 'service_started']);
  return Object.entries(depends).map(([name, { condition }]) => [name, condition ?? 'service_started']);
}

/** Every bad key, as the process would print them before exiting 1. */
function configIssues(schemas: Schemas, env: Record<string, string>): readonly string[] {
  try {
    loadConfigs(schemas, env);
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.issues;
    throw error;
  }
}

const appServices = (compose: ComposeFile) =>
  Object.entries(compose.services).filter(([, service]) => bundleOf(service) !== undefined);

describe('docker-compose.yml', () => {
  it('runs every deployable, each from a bundle the build makes', () => {
    const compose = composeFor(OPERATORS['keeping messages in the outbox folder']!);
    const bundles = new Set(appServices(compose).map(([, service]) => bundleOf(service)!));
    expect([...bundles].sort()).toEqual(Object.keys(DEPLOYABLES).sort());
    for (const name of bundles) expect(Object.keys(serverEntries)).toContain(name);
    // The command and the users command (the first administrator) come from dist/server.
    expect(Object.keys(serverEntries)).toContain('users');
    expect(dockerfile).toMatch(/^RUN npm run build\b/m);
    expect(dockerfile).toMatch(/^COPY --from=build \/app\/dist\/server \.\/dist\/server$/m);
    expect(dockerfile).toMatch(/^COPY --from=build \/app\/frontend\/dist \.\/frontend\/dist$/m);
    // The operator's secrets never enter the build context (COPY . . would take them).
    expect(readFileSync(join(root, '.dockerignore'), 'utf8').split('\n')).toContain('.env');
  });

  it('names only files that exist: the Dockerfile and every bind-mounted host file', () => {
    const compose = composeFor(OPERATORS['keeping messages in the outbox folder']!);
    for (const [name, service] of Object.entries(compose.services)) {
      if (service.build)
        expect(existsSync(join(root, service.build.context, service.build.dockerfile)), name).toBe(true);
      for (const volume of service.volumes ?? []) {
        const [source] = volume.split(':');
        if (source!.startsWith('.') || source!.startsWith('/'))
          expect(existsSync(join(root, source!)), `${name} mounts ${source}`).toBe(true);
        else expect(Object.keys(compose.volumes ?? {}), `${name} mounts volume ${source}`).toContain(source);
      }
    }
  });

  it('says in its header every variable it reads from the operator', () => {
    const header = composeText.slice(0, composeText.search(/^[^#\s]/m));
    const variables = new Set([...composeText.matchAll(/\$\{([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1]!));
    for (const variable of variables) expect(header, variable).toContain(variable);
  });

  it('refuses to start without a required variable, naming it', () => {
    for (const key of [...Object.keys(REQUIRED), 'MAIL_TRANSPORT', 'SMS_TRANSPORT']) {
      const { [key]: _, ...operator } = OPERATORS['keeping messages in the outbox folder']!;
      expect(() => composeFor(operator), key).toThrow(new RegExp(`required variable ${key} is missing`));
    }
  });

  for (const [operatorName, operator] of Object.entries(OPERATORS)) {
    describe(`for an operator ${operatorName}`, () => {
      const compose = composeFor(operator);

      it("gives the adviser service, which signs people in, the operator's sign-in settings", () => {
        const keys = ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET', 'SSO_ONLY_ROLES'];
        for (const name of instancesOf(compose, 'adviser')) {
          const env = environmentOf(compose.services[name]!);
          for (const key of keys) expect(env[key] || undefined, `${name} ${key}`).toBe(operator[key]);
          expect(env.MFA_REQUIRED_ROLES, name).toBe(operator.MFA_REQUIRED_ROLES ?? 'admin,analyst');
        }
      });

      it.each(appServices(compose))(
        'gives %s every key its configuration requires, valid in production',
        (name, service) => {
          const deployable = DEPLOYABLES[bundleOf(service)!]!;
          const env = { ...imageEnvironment(), ...environmentOf(service) };
          expect(configIssues(deployable.schemas, env), name).toEqual([]);
          // Production rules (no demo data, a chosen mail transport) are stated in the service, not left to the image.
          expect(environmentOf(service).NODE_ENV, name).toBe('production');
          expect(Number(env.PORT ?? deployable.port)).toBe(deployable.port);
        },
      );

      it('gives the gateway and the services that check sessions the same secret and public address', () => {
        const checkers = ['gateway', 'assessment', 'adviser', 'notification', 'analytics']
          .flatMap((deployable) => instancesOf(compose, deployable))
          .map((name) => environmentOf(compose.services[name]!));
        expect(checkers.length).toBeGreaterThanOrEqual(4);
        for (const env of checkers) {
          expect(env.SESSION_SECRET).toBe(REQUIRED.SESSION_SECRET);
          expect(env.PUBLIC_URL).toBe(checkers[0]!.PUBLIC_URL);
        }
        expect(checkers[0]!.PUBLIC_URL).toBe(operator.PUBLIC_URL ?? 'http://localhost:3000');
      });

      it("points the gateway's and the assessment's service addresses at the services' ports", () => {
        const gateway = environmentOf(compose.services.gateway!);
        const addresses: Array<[string, string | undefined, string]> = [
          ['ASSESSMENT_URL', gateway.ASSESSMENT_URL, 'assessment'],
          ['ADVISER_URL', gateway.ADVISER_URL, 'adviser'],
          ['NOTIFICATION_URL', gateway.NOTIFICATION_URL, 'notification'],
          ['ANALYTICS_URL', gateway.ANALYTICS_URL, 'analytics'],
        ];
        for (const name of instancesOf(compose, 'assessment')) {
          const assessment = environmentOf(compose.services[name]!);
          addresses.push([`the ADVISER_URL of ${name}`, assessment.ADVISER_URL, 'adviser']);
        }
        for (const [key, value, deployable] of addresses) {
          const hosts = (value ?? '').split(',').map((address) => {
            const url = new URL(address);
            const target = compose.services[url.hostname];
            expect(target, `${key} names ${url.hostname}`).toBeDefined();
            expect(bundleOf(target!), `${key} names ${url.hostname}`).toBe(deployable);
            expect(url.port, key).toBe(environmentOf(target!).PORT);
            return url.hostname;
          });
          // Every instance is in the list, so none is started and left unused.
          expect(hosts.sort(), key).toEqual(instancesOf(compose, deployable).sort());
        }
      });

      it('runs two instances of assessment, adviser and notification, each notification on its own folder', () => {
        for (const deployable of ['assessment', 'adviser', 'notification'])
          expect(instancesOf(compose, deployable).length, deployable).toBeGreaterThanOrEqual(2);
        // A sent journal is one live process's: two instances on one volume would refuse to start.
        const folders = instancesOf(compose, 'notification').map((name) => {
          const dataDir = environmentOf(compose.services[name]!).DATA_DIR;
          const volume = (compose.services[name]!.volumes ?? []).find((v) =>
            String(v).endsWith(`:${dataDir}`),
          );
          expect(volume, `${name} keeps ${dataDir} on a volume`).toBeDefined();
          return String(volume).split(':')[0];
        });
        expect(new Set(folders).size).toBe(folders.length);
      });

      it("gives the notification service the operator's mail and SMS settings", () => {
        for (const name of instancesOf(compose, 'notification')) {
          const env = environmentOf(compose.services[name]!);
          for (const key of [
            'MAIL_TRANSPORT',
            'SMTP_URL',
            'MAIL_FROM',
            'SMS_TRANSPORT',
            'VONAGE_API_KEY',
            'VONAGE_API_SECRET',
            'VONAGE_FROM',
          ])
            expect(env[key] || undefined, key).toBe(operator[key]);
        }
      });
    });
  }

  it('waits only on services with a healthcheck, and until they are healthy', () => {
    const compose = composeFor(OPERATORS['keeping messages in the outbox folder']!);
    for (const [name, service] of Object.entries(compose.services)) {
      for (const [target, condition] of dependsOn(service)) {
        expect(compose.services[target], `${name} depends on ${target}`).toBeDefined();
        expect(compose.services[target]!.healthcheck, `${target} (${name} waits on it)`).toBeDefined();
        expect(condition, `${name} waits on ${target}`).toBe('service_healthy');
      }
    }
  });

  it('starts every service after the stores and the bus it uses, and the gateway after the services', () => {
    const compose = composeFor(OPERATORS['keeping messages in the outbox folder']!);
    const waitsOn = (name: string) => dependsOn(compose.services[name]!).map(([target]) => target);
    for (const [name] of appServices(compose).filter(([name]) => name !== 'gateway'))
      expect(waitsOn(name), name).toEqual(expect.arrayContaining(['postgres', 'kafka', 'kurrentdb']));
    expect(waitsOn('analytics')).toContain('clickhouse');
    expect(waitsOn('gateway')).toEqual(
      expect.arrayContaining(
        appServices(compose)
          .map(([name]) => name)
          .filter((name) => name !== 'gateway'),
      ),
    );
  });

  it('checks each deployable by its readiness endpoint', () => {
    const compose = composeFor(OPERATORS['keeping messages in the outbox folder']!);
    for (const [name, service] of appServices(compose)) {
      const test = [service.healthcheck?.test ?? []].flat().join(' ');
      expect(test, name).toContain('/readyz');
    }
  });

  it('gives every deployable a data folder the image lets its user write, and keeps the notification one', () => {
    const compose = composeFor(OPERATORS['keeping messages in the outbox folder']!);
    const finalStage = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
    expect(finalStage).toMatch(/^USER node$/m);
    for (const [name, service] of appServices(compose)) {
      const dataDir = { ...imageEnvironment(), ...environmentOf(service) }.DATA_DIR;
      expect(dataDir, name).toMatch(/^\//);
      // Created before USER node and handed to it, so a fresh named volume mounted there inherits it.
      expect(finalStage).toMatch(new RegExp(`^RUN mkdir -p ${dataDir} && chown node:node ${dataDir}$`, 'm'));
    }
    // The sender's journal and the outbox outlive a new container.
    for (const name of instancesOf(compose, 'notification')) {
      const notification = compose.services[name]!;
      const dataDir = { ...imageEnvironment(), ...environmentOf(notification) }.DATA_DIR;
      expect(notification.volumes?.some((volume) => volume.endsWith(`:${dataDir}`))).toBe(true);
    }
  });
});
