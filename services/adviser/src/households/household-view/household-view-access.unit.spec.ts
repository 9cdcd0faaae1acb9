import { describe, expect, it } from 'vitest';
import { householdViewEntries } from './household-view-access';

const HOUSEHOLD = '0b6f3c2e-7d1a-4f3e-9c1b-2a4d5e6f7a8b';
const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';
const by = {
  at: new Date('2026-11-28T00:00:00Z'),
  actorEmail: 'adviser@example.com',
  actorRole: 'adviser' as const,
  ipAddress: '203.0.113.9',
};

describe("a household view's access-log entries", () => {
  it("names each member's assessment the view shows, with the household in the detail", () => {
    const entries = householdViewEntries(
      HOUSEHOLD,
      [
        { status: 'signed', assessmentId: A },
        { status: 'in_progress', assessmentId: B },
        { status: 'link_sent', assessmentId: null },
      ],
      by,
    );
    expect(entries).toEqual([
      { ...by, action: 'household-view', assessmentId: A, detail: `household ${HOUSEHOLD}` },
      { ...by, action: 'household-view', assessmentId: B, detail: `household ${HOUSEHOLD}` },
    ]);
  });

  it("leaves out an erased member's assessment, and still logs a view before anyone started", () => {
    const entries = householdViewEntries(
      HOUSEHOLD,
      [
        { status: 'erased', assessmentId: A },
        { status: 'link_sent', assessmentId: null },
      ],
      by,
    );
    expect(entries).toEqual([
      { ...by, action: 'household-view', assessmentId: null, detail: `household ${HOUSEHOLD}` },
    ]);
  });
});
