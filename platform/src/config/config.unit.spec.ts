import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ConfigError, env, loadConfig, loadConfigs } from './config';

const schema = z.object({
  PORT: env.port(3000),
  DEMO_DATA: env.bool(false),
  DATABASE_URL: z
    .string()
    .regex(/^postgres:\/\//, 'must be a postgres:// connection string')
    .optional(),
  SECRET: z.string({ error: 'is required' }).min(32, 'must be at least 32 characters'),
  BROKERS: env.list(),
});

describe('loadConfig', () => {
  it('applies defaults and parses typed values', () => {
    const config = loadConfig(schema, { SECRET: 'x'.repeat(32), DEMO_DATA: 'yes', BROKERS: 'a:1, b:2,' });
    expect(config).toEqual({
      PORT: 3000,
      DEMO_DATA: true,
      DATABASE_URL: undefined,
      SECRET: 'x'.repeat(32),
      BROKERS: ['a:1', 'b:2'],
    });
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig(schema, { SECRET: 'x'.repeat(32), PORT: '' }).PORT).toBe(3000);
  });

  it('lists every bad key at once, not just the first', () => {
    let error: unknown;
    try {
      loadConfig(schema, { PORT: 'eighty', DEMO_DATA: 'maybe', DATABASE_URL: 'mysql://x' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const issues = (error as ConfigError).issues;
    expect(issues.map((issue) => issue.split(':')[0])).toEqual([
      'PORT',
      'DEMO_DATA',
      'DATABASE_URL',
      'SECRET',
    ]);
    expect(issues).toContain('SECRET: is required');
    expect(issues).toContain('DATABASE_URL: must be a postgres:// connection string');
    expect((error as ConfigError).message).toMatch(/^Invalid configuration:\n {2}- PORT: /);
  });

  it('ignores variables the schema does not name', () => {
    expect(() => loadConfig(schema, { SECRET: 'x'.repeat(32), UNRELATED: '1' })).not.toThrow();
  });
});

describe('env.trustProxy', () => {
  const schema = z.object({ TRUST_PROXY: env.trustProxy() });

  it('trusts nobody by default: the address is the peer’s own', () => {
    expect(loadConfig(schema, {}).TRUST_PROXY).toBe(false);
  });

  it.each([
    ['false', false],
    ['1', 1],
    ['loopback', 'loopback'],
    ['10.0.0.0/8, 172.16.0.0/12', '10.0.0.0/8,172.16.0.0/12'],
    ['192.0.2.10,2001:db8::/32,uniquelocal', '192.0.2.10,2001:db8::/32,uniquelocal'],
  ])('reads %s as express expects it', (value, expected) => {
    expect(loadConfig(schema, { TRUST_PROXY: value }).TRUST_PROXY).toEqual(expected);
  });

  it.each(['true', 'everyone', '10.0.0.0/40', '10.0.0.1/8/2', 'loopback,'])(
    'refuses %s (any client could forge its address, or it is not an address)',
    (value) => {
      expect(() => loadConfig(schema, { TRUST_PROXY: value })).toThrow(/TRUST_PROXY: must be false/);
    },
  );
});

describe('loadConfigs', () => {
  it('reports every bad key of every schema once', () => {
    const a = z.object({ LOG_LEVEL: env.logLevel(), PORT: env.port(1) });
    const b = z.object({ LOG_LEVEL: env.logLevel(), SECRET: z.string({ error: 'is required' }) });
    try {
      loadConfigs([a, b] as const, { LOG_LEVEL: 'loud', PORT: 'x' });
      expect.unreachable();
    } catch (error) {
      expect((error as ConfigError).issues.map((issue) => issue.split(':')[0])).toEqual([
        'LOG_LEVEL',
        'PORT',
        'SECRET',
      ]);
    }
  });

  it('returns each schema’s values in order', () => {
    const [a, b] = loadConfigs([z.object({ A: env.int(1) }), z.object({ B: env.bool(true) })] as const, {});
    expect(a).toEqual({ A: 1 });
    expect(b).toEqual({ B: true });
  });
});

describe('env.optionalSecretKey', () => {
  const keys = z.object({ KEY: env.optionalSecretKey() });

  it('takes base64 of 32 bytes, or nothing', () => {
    const key = Buffer.alloc(32, 1).toString('base64');
    expect(loadConfig(keys, { KEY: key }).KEY).toBe(key);
    expect(loadConfig(keys, {}).KEY).toBeUndefined();
  });

  it('refuses any other value', () => {
    expect(() => loadConfig(keys, { KEY: Buffer.alloc(16, 1).toString('base64') })).toThrow(
      /KEY: must be base64 of 32 random bytes/,
    );
  });
});

describe('env.urlList', () => {
  const schema = z.object({ ADVISER_URL: env.urlList('http://localhost:3002') });

  it('defaults to one address', () => {
    expect(loadConfig(schema, {}).ADVISER_URL).toEqual(['http://localhost:3002']);
  });

  it('reads a comma-separated list as origins, in order', () => {
    expect(
      loadConfig(schema, {
        ADVISER_URL: ' http://adviser-1:3002/ ,https://Adviser-2.example,http://10.0.0.3:80',
      }).ADVISER_URL,
    ).toEqual(['http://adviser-1:3002', 'https://adviser-2.example', 'http://10.0.0.3']);
  });

  it.each([
    ['http://a:1,,http://b:2', /ADVISER_URL: entry 2 is empty/],
    ['http://a:1,adviser:3002', /ADVISER_URL: entry 2 \("adviser:3002"\) must start with http/],
    ['http://a:1,not a url', /ADVISER_URL: entry 2 \("not a url"\) is not a URL/],
    ['ftp://a:1', /ADVISER_URL: entry 1 \("ftp:\/\/a:1"\) must start with http/],
    ['http://a:1/api', /entry 1 \("http:\/\/a:1\/api"\) must be an origin only/],
    ['http://a:1,http://a:1/', /entry 2 \("http:\/\/a:1\/"\) is listed twice/],
  ])('refuses %s, naming the bad entry', (value, message) => {
    expect(() => loadConfig(schema, { ADVISER_URL: value })).toThrow(message);
  });
});
