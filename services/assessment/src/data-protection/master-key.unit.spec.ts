import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MasterKey, open, parseMasterKey, seal } from './master-key';

const master = () => new MasterKey(randomBytes(32));
const ID = '5b0f2a57-3c2e-4a5e-9f1e-0a4b1f2c3d4e';

/** Flips one bit of one base64url part of a sealed value. */
function tamper(sealed: string, part: 0 | 1 | 2): string {
  const parts = sealed.split('.');
  const bytes = Buffer.from(parts[part]!, 'base64url');
  bytes[0] = bytes[0]! ^ 1;
  parts[part] = bytes.toString('base64url');
  return parts.join('.');
}

describe('data key wrapping', () => {
  it('unwraps a wrapped key with the same master key and assessment', () => {
    const key = MasterKey.newDataKey();
    const m = master();
    expect(m.unwrap(m.wrap(key, ID), ID).equals(key)).toBe(true);
  });

  it('wraps the same key differently each time (a random IV)', () => {
    const key = MasterKey.newDataKey();
    const m = master();
    expect(m.wrap(key, ID)).not.toBe(m.wrap(key, ID));
  });

  it('fails with another master key', () => {
    const wrapped = master().wrap(MasterKey.newDataKey(), ID);
    expect(() => master().unwrap(wrapped, ID)).toThrow();
  });

  it('fails for another assessment: a key row copied onto another id does not open', () => {
    const m = master();
    const wrapped = m.wrap(MasterKey.newDataKey(), ID);
    expect(() => m.unwrap(wrapped, '00000000-0000-4000-8000-000000000000')).toThrow();
  });

  it.each([
    [0, 'IV'],
    [1, 'ciphertext'],
    [2, 'tag'],
  ] as const)('fails when a bit of the %s part (%s) is changed', (part, _name) => {
    const m = master();
    const wrapped = m.wrap(MasterKey.newDataKey(), ID);
    expect(() => m.unwrap(tamper(wrapped, part), ID)).toThrow();
  });

  it('refuses what is not a sealed value', () => {
    expect(() => master().unwrap('abc', ID)).toThrow(/Not a sealed value/);
  });

  it('derives a stable id and subject-index key from the master key, distinct from each other', () => {
    const secret = randomBytes(32);
    const a = new MasterKey(secret);
    const b = new MasterKey(Buffer.from(secret));
    expect(a.id).toBe(b.id);
    expect(a.subjectIndexKey.equals(b.subjectIndexKey)).toBe(true);
    expect(a.id).not.toBe(master().id);
    expect(a.subjectIndexKey.subarray(0, 8).toString('hex')).not.toBe(a.id);
  });
});

describe('field sealing', () => {
  it('opens only with the same key and context', () => {
    const key = randomBytes(32);
    const sealed = seal(key, Buffer.from('Jo Client'), 'assessment-1/AssessmentDrafted');
    expect(open(key, sealed, 'assessment-1/AssessmentDrafted').toString()).toBe('Jo Client');
    expect(() => open(key, sealed, 'assessment-2/AssessmentDrafted')).toThrow();
    expect(() => open(randomBytes(32), sealed, 'assessment-1/AssessmentDrafted')).toThrow();
    expect(() => open(key, tamper(sealed, 1), 'assessment-1/AssessmentDrafted')).toThrow();
  });
});

describe('the master key from configuration', () => {
  it('takes base64 and base64url of 32 bytes', () => {
    const bytes = randomBytes(32);
    expect(parseMasterKey(bytes.toString('base64')).equals(bytes)).toBe(true);
    expect(parseMasterKey(bytes.toString('base64url')).equals(bytes)).toBe(true);
  });

  it.each([
    ['16 bytes', randomBytes(16).toString('base64')],
    ['64 bytes', randomBytes(64).toString('base64')],
    ['not base64', 'this is not a key, it has spaces!!!!!!!!!!!!'],
    ['empty', ''],
  ])('refuses %s', (_what, value) => {
    expect(() => parseMasterKey(value)).toThrow(/32 random bytes/);
  });
});
