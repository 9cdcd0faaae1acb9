import type { RecordDelivery } from '@risk-profile/contracts';
import { describe, expect, it } from 'vitest';
import {
  clientContact,
  deliveryDescription,
  profileLabel,
  RECORD_STATUS_LABELS,
  reportDeliveryLabel,
  reviewBadge,
} from './labels';

const delivery: RecordDelivery = {
  id: '7d1d7c1e-8f43-4c7f-9a4c-1a2b3c4d5e6f',
  kind: 'client-report',
  recipientRole: 'client',
  channel: 'email',
  recipient: 'jane@example.com',
  status: 'failed',
  createdAt: '2026-11-25T10:00:00.000Z',
  sentAt: null,
  failedAt: '2026-11-25T10:01:00.000Z',
  resend: true,
  requestedBy: 'alex@example.com',
};

describe('status labels', () => {
  it('names the two statuses as the list shows them', () => {
    expect(RECORD_STATUS_LABELS.in_progress).toBe('In progress');
    expect(RECORD_STATUS_LABELS.signed).toBe('Signed');
  });
});

describe('the review badge', () => {
  it('shows on a signed record whose review is due', () => {
    expect(reviewBadge({ status: 'signed', reviewDue: true })).toBe('Review due');
  });

  it('does not show otherwise', () => {
    expect(reviewBadge({ status: 'signed', reviewDue: false })).toBeNull();
    expect(reviewBadge({ status: 'in_progress', reviewDue: true })).toBeNull();
  });
});

describe('the report column', () => {
  it("gives the adviser report's delivery status", () => {
    expect(reportDeliveryLabel({ status: 'signed', reportDelivery: { ...delivery, status: 'sent' } })).toBe(
      'Sent',
    );
    expect(reportDeliveryLabel({ status: 'signed', reportDelivery: delivery })).toBe('Failed');
    // Written to the outbox folder (no mail server configured): saved, never "Sent".
    expect(reportDeliveryLabel({ status: 'signed', reportDelivery: { ...delivery, status: 'saved' } })).toBe(
      'Saved in the outbox, not sent',
    );
  });

  it('says why there is none', () => {
    expect(reportDeliveryLabel({ status: 'in_progress', reportDelivery: null })).toBe('Not signed yet');
    expect(reportDeliveryLabel({ status: 'signed', reportDelivery: null })).toBe('No adviser report');
  });
});

describe('the client and profile columns', () => {
  it('shows the email, else the mobile', () => {
    expect(clientContact({ clientEmail: 'jane@example.com', clientPhone: '0412 345 678' })).toBe(
      'jane@example.com',
    );
    expect(clientContact({ clientEmail: null, clientPhone: '0412 345 678' })).toBe('0412 345 678');
    expect(clientContact({ clientEmail: null, clientPhone: null })).toBe('No contact given');
  });

  it('names the recommended profile when the client chose another', () => {
    expect(
      profileLabel({ selectedProfile: 'Balanced', recommendedProfile: 'Balanced', profileChanged: false }),
    ).toBe('Balanced');
    expect(
      profileLabel({ selectedProfile: 'Growth', recommendedProfile: 'Balanced', profileChanged: true }),
    ).toBe('Growth (recommended Balanced)');
  });
});

describe('a delivery in the history', () => {
  it('says what, how, to whom, and whether it was a resend', () => {
    expect(
      deliveryDescription({ ...delivery, kind: 'client-sms', channel: 'sms', recipient: '0412 345 678' }),
    ).toBe('Profile to the client (resent) by SMS to 0412 345 678');
    expect(deliveryDescription(delivery)).toBe('Report to the client (resent) by email to jane@example.com');
    expect(
      deliveryDescription({
        ...delivery,
        kind: 'link-sms',
        channel: 'sms',
        recipient: '0412 345 678',
        resend: false,
      }),
    ).toBe('Questionnaire link by SMS to 0412 345 678');
  });
});
