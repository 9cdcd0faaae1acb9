import { WEBHOOK_EVENT_TYPES } from '@risk-profile/contracts';
import { describe, expect, it } from 'vitest';
import { deliveryTime, EVENT_LABELS, endpointBadge, responseLabel } from './labels';

describe('the webhooks page labels', () => {
  it('names every event type once', () => {
    const labels = WEBHOOK_EVENT_TYPES.map((type) => EVENT_LABELS[type]);
    expect(new Set(labels).size).toBe(WEBHOOK_EVENT_TYPES.length);
  });

  it('shows an active endpoint that has started failing as failing, a disabled one as disabled', () => {
    expect(endpointBadge({ state: 'active', failingSince: null })).toBe('active');
    expect(endpointBadge({ state: 'active', failingSince: '2026-11-28T10:00:00.000Z' })).toBe('failing');
    expect(endpointBadge({ state: 'disabled', failingSince: '2026-11-28T10:00:00.000Z' })).toBe('disabled');
  });

  it('dates a delivery by its last attempt, or when it was queued before any', () => {
    const createdAt = '2026-11-28T10:00:00.000Z';
    expect(deliveryTime({ createdAt, lastAttemptAt: null })).toBe(createdAt);
    expect(deliveryTime({ createdAt, lastAttemptAt: '2026-11-28T10:00:05.000Z' })).toBe(
      '2026-11-28T10:00:05.000Z',
    );
  });

  it('gives the last response code, or why there is none', () => {
    expect(responseLabel({ responseCode: 503, attempts: 2, lastError: 'HTTP 503' })).toBe('503');
    expect(responseLabel({ responseCode: null, attempts: 0, lastError: null })).toBe('Not tried yet');
    expect(responseLabel({ responseCode: null, attempts: 1, lastError: 'timed out after 15 s' })).toBe(
      'No answer (timed out after 15 s)',
    );
  });
});
