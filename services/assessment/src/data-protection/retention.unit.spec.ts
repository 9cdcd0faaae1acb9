import { describe, expect, it } from 'vitest';
import { dueBefore, isDue, retainedUntil } from './retention';

const policy = { draftRetentionDays: 90, recordRetentionYears: 7 };
const at = (iso: string) => new Date(iso);
const signedRecord = (draftedAt: string, signedAt: string) => ({
  status: 'signed' as const,
  draftedAt: at(draftedAt),
  signedAt: at(signedAt),
});

describe('retention dates', () => {
  it('keeps a draft 90 days after drafting', () => {
    const draft = { status: 'draft' as const, draftedAt: at('2026-01-10T09:00:00Z'), signedAt: null };
    expect(retainedUntil(draft, policy).toISOString()).toBe('2026-04-10T09:00:00.000Z');
    expect(isDue(draft, policy, at('2026-04-10T08:59:59.999Z'))).toBe(false);
    expect(isDue(draft, policy, at('2026-04-10T09:00:00.000Z'))).toBe(true);
  });

  it('keeps a signed record 7 calendar years after signing, whenever it was drafted', () => {
    const signed = signedRecord('2020-01-01T00:00:00Z', '2026-03-15T12:30:00Z');
    expect(retainedUntil(signed, policy).toISOString()).toBe('2033-03-15T12:30:00.000Z');
    expect(isDue(signed, policy, at('2033-03-15T12:29:59Z'))).toBe(false);
    expect(isDue(signed, policy, at('2033-03-15T12:30:00Z'))).toBe(true);
  });

  it('keeps a record signed on 29 February until 1 March of its last year', () => {
    const signed = signedRecord('2028-02-29T10:00:00Z', '2028-02-29T10:00:00Z');
    expect(retainedUntil(signed, policy).toISOString()).toBe('2035-03-01T10:00:00.000Z');
  });

  it('follows the configured periods', () => {
    const short = { draftRetentionDays: 1, recordRetentionYears: 1 };
    const draft = { status: 'draft' as const, draftedAt: at('2026-01-10T00:00:00Z'), signedAt: null };
    expect(retainedUntil(draft, short).toISOString()).toBe('2026-01-11T00:00:00.000Z');
  });

  it("bounds the job's query so that everything due is a candidate", () => {
    const now = at('2035-03-01T10:00:00Z');
    const { drafts, signed } = dueBefore(now, policy);
    expect(drafts.toISOString()).toBe('2034-12-01T10:00:00.000Z');
    // The leap-day record above is due now, and its signing falls inside the bound.
    expect(at('2028-02-29T10:00:00Z').getTime()).toBeLessThanOrEqual(signed.getTime());
  });
});
