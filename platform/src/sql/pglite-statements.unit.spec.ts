import { describe, expect, it } from 'vitest';
import { isStalePlan, PreparedStatements } from './pglite-statements';

describe('PreparedStatements', () => {
  it('parses a text once, then runs it by name', () => {
    const statements = new PreparedStatements();
    const first = statements.plan('SELECT 1');
    expect(first).toEqual({ name: 'rp_1', parse: true, close: ['rp_1'] });
    statements.succeeded('SELECT 1');
    expect(statements.plan('SELECT 1')).toEqual({ name: 'rp_1', parse: false, close: [] });
    expect(statements.plan('SELECT 2').name).toBe('rp_2');
  });

  it('closes and parses again a statement whose run failed', () => {
    const statements = new PreparedStatements();
    statements.plan('SELECT $1::int');
    statements.succeeded('SELECT $1::int');
    statements.failed('SELECT $1::int');
    expect(statements.plan('SELECT $1::int')).toEqual({ name: 'rp_1', parse: true, close: ['rp_1'] });
  });

  it('closes the least recently used statement beyond 400', () => {
    const statements = new PreparedStatements();
    for (let n = 0; n < 400; n++) {
      statements.plan(`SELECT ${n}`);
      statements.succeeded(`SELECT ${n}`);
    }
    statements.plan('SELECT 0'); // used again: no longer the oldest
    const plan = statements.plan('SELECT 400');
    expect(plan.close).toEqual(['rp_2', 'rp_401']);
    expect(statements.plan('SELECT 1').parse).toBe(true);
  });

  it("knows PostgreSQL's error for a plan whose result columns changed", () => {
    const stale = Object.assign(new Error('cached plan must not change result type'), { code: '0A000' });
    expect(isStalePlan(stale)).toBe(true);
    expect(isStalePlan(Object.assign(new Error('other'), { code: '0A000' }))).toBe(false);
  });
});
