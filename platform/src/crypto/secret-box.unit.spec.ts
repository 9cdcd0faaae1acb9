import { describe, expect, it } from 'vitest';
import { HttpError } from '../http/http-errors';
import { secretBox } from './secret-box';

const USE = { keyName: 'TEST_ENCRYPTION_KEY', context: 'test', feature: 'Testing', code: 'TEST_UNAVAILABLE' };
const KEY = Buffer.alloc(32, 7).toString('base64');

describe('a secret box', () => {
  it('opens what it sealed for the same owner only', () => {
    const box = secretBox(KEY, USE);
    const sealed = box.seal('owner-1', 'JBSWY3DPEHPK3PXP');
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(box.open('owner-1', sealed)).toBe('JBSWY3DPEHPK3PXP');
    expect(() => box.open('owner-2', sealed)).toThrow();
    expect(() => secretBox(Buffer.alloc(32, 8).toString('base64'), USE).open('owner-1', sealed)).toThrow();
  });

  it('answers 503 with the feature and the key it lacks when no key is configured', () => {
    const box = secretBox(undefined, USE);
    const refusal = (() => {
      try {
        box.seal('owner-1', 'secret');
      } catch (error) {
        return error;
      }
    })();
    expect(refusal).toBeInstanceOf(HttpError);
    expect(refusal).toMatchObject({
      status: 503,
      code: 'TEST_UNAVAILABLE',
      message: 'Testing cannot be set up on this server yet: its TEST_ENCRYPTION_KEY is not configured.',
    });
    expect(() => box.open('owner-1', 'a.b.c')).toThrow(HttpError);
  });

  it('refuses a malformed key by its name', () => {
    expect(() => secretBox('too-short', USE)).toThrow(/TEST_ENCRYPTION_KEY/);
  });
});
