import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ConfigError, env, loadConfig } from './config';

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
