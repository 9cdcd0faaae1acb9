import { HttpError } from '@risk-profile/platform';
import { describe, expect, it } from 'vitest';
import {
  addMonths,
  BAD_CURSOR_MESSAGE,
  clientKey,
  decodeCursor,
  encodeCursor,
  escapeLike,
  isAboveRecommendation,
  isReviewDue,
  reviewDueAt,
  SERIAL_KEY,
  searchPatterns,
  searchText,
  UUID_KEY,
} from './record-rules';

const ID = '0b7c6a56-2d4c-4b8e-9f00-9a1e2c3d4e5f';

describe('the keyset cursor', () => {
  it('reads back what it wrote, and is opaque base64url', () => {
    const cursor = encodeCursor({ at: '2026-11-22T04:04:00.000Z', id: ID });
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(cursor, UUID_KEY)).toEqual({ at: '2026-11-22T04:04:00.000Z', id: ID });
  });

  it.each([
    ['not base64 JSON', 'not-a-cursor'],
    ['a JSON object', Buffer.from('{"at":"x"}').toString('base64url')],
    ['a bad time', encodeCursor({ at: 'yesterday', id: ID })],
    ['an id with SQL in it', encodeCursor({ at: '2026-11-22T04:04:00.000Z', id: "1' OR 1=1" })],
    ['an empty string', ''],
  ])('refuses %s with a 400 that says what to do', (_what, cursor) => {
    let thrown: unknown;
    try {
      decodeCursor(cursor);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(HttpError);
    expect((thrown as HttpError).status).toBe(400);
    expect((thrown as HttpError).message).toBe(BAD_CURSOR_MESSAGE);
  });

  it('checks the id against the list it is for', () => {
    const serial = encodeCursor({ at: '2026-11-22T04:04:00.000Z', id: '42' });
    expect(decodeCursor(serial, SERIAL_KEY).id).toBe('42');
    expect(() => decodeCursor(serial, UUID_KEY)).toThrow(BAD_CURSOR_MESSAGE);
    expect(() => decodeCursor(encodeCursor({ at: '2026-11-22T04:04:00.000Z', id: ID }), SERIAL_KEY)).toThrow(
      BAD_CURSOR_MESSAGE,
    );
  });
});

describe('the review rule', () => {
  it('adds calendar months, clamping to the end of a shorter month', () => {
    expect(addMonths(new Date('2025-11-22T04:04:00Z'), 12).toISOString()).toBe('2026-11-22T04:04:00.000Z');
    expect(addMonths(new Date('2025-01-31T10:00:00Z'), 1).toISOString()).toBe('2025-02-28T10:00:00.000Z');
    expect(addMonths(new Date('2024-02-29T00:00:00Z'), 12).toISOString()).toBe('2025-02-28T00:00:00.000Z');
    expect(addMonths(new Date('2025-03-31T00:00:00Z'), -1).toISOString()).toBe('2025-02-28T00:00:00.000Z');
  });

  it('makes a signed profile due on the day the interval ends, not before', () => {
    const signedAt = new Date('2025-11-22T04:04:00Z');
    expect(reviewDueAt(signedAt, 12).toISOString()).toBe('2026-11-22T04:04:00.000Z');
    const record = { signedAt, superseded: false };
    expect(isReviewDue(record, new Date('2026-11-22T04:03:59Z'), 12)).toBe(false);
    expect(isReviewDue(record, new Date('2026-11-22T04:04:00Z'), 12)).toBe(true);
    expect(isReviewDue(record, new Date('2026-05-22T04:04:00Z'), 6)).toBe(true);
  });

  it('never makes due an unsigned assessment or one the client has signed again since', () => {
    const long = new Date('2030-01-01T00:00:00Z');
    expect(isReviewDue({ signedAt: null, superseded: false }, long, 12)).toBe(false);
    expect(isReviewDue({ signedAt: new Date('2020-01-01T00:00:00Z'), superseded: true }, long, 12)).toBe(
      false,
    );
  });

  it('knows a client by email in any case, else by the mobile number digits, else by name', () => {
    expect(clientKey({ name: 'Jane', email: ' Jane@Example.com ', phone: '0412 345 678' })).toBe(
      'email:jane@example.com',
    );
    expect(clientKey({ name: 'Jane', email: null, phone: '0412 345 678' })).toBe(
      clientKey({ name: 'Someone', email: '', phone: '0412345678' }),
    );
    expect(clientKey({ name: ' Jane Citizen', email: null, phone: null })).toBe('name:jane citizen');
  });
});

describe('the search', () => {
  it('matches name, email and phone in lower case, the phone also without spaces', () => {
    const text = searchText({ name: 'Nguyễn Thị Ánh', email: 'Anh@Example.com', phone: '0412 345 678' });
    expect(text).toContain('nguyễn thị ánh');
    expect(text).toContain('anh@example.com');
    expect(text).toContain('0412 345 678');
    expect(text).toContain('0412345678');
  });

  it('escapes the LIKE wildcards so that they match themselves', () => {
    expect(escapeLike('100%_\\x')).toBe('100\\%\\_\\\\x');
    expect(searchPatterns('Ann_%')).toEqual(['%ann\\_\\%%', '%ann\\_\\%%']);
    expect(searchPatterns('0412 345')).toEqual(['%0412 345%', '%0412345%']);
  });
});

it('tells an override above the recommendation from one below it', () => {
  expect(isAboveRecommendation('Balanced', 'Growth')).toBe(true);
  expect(isAboveRecommendation('Balanced', 'Balanced')).toBe(false);
  expect(isAboveRecommendation('Growth', 'Conservative')).toBe(false);
});
