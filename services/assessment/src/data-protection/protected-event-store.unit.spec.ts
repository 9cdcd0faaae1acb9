import { randomBytes } from 'node:crypto';
import type { StoredEvent } from '@risk-profile/platform';
import { describe, expect, it } from 'vitest';
import { ERASED } from './personal-fields';
import { decryptEvent, encryptEvent } from './protected-event-store';

const STREAM = 'assessment-5b0f2a57-3c2e-4a5e-9f1e-0a4b1f2c3d4e';
const drafted = {
  assessmentId: '5b0f2a57-3c2e-4a5e-9f1e-0a4b1f2c3d4e',
  clientName: 'Jo Client',
  clientEmail: 'jo@example.com',
  clientPhone: '07700 900123',
  profileChanged: true,
  profileChangeReason: 'My own words',
  investmentExclusions: 'No tobacco',
  investmentPreferences: 'Green funds',
  riskScore: 42,
  draftedAt: '2026-01-10T09:00:00.000Z',
};

function stored(type: string, data: unknown): StoredEvent {
  return {
    id: 'e1',
    streamId: STREAM,
    streamVersion: 0,
    type,
    data,
    metadata: {},
    recordedAt: new Date(),
    position: '1',
  };
}

describe('the stored shape of an encrypted event', () => {
  const key = randomBytes(32);
  const encrypted = encryptEvent(STREAM, 'AssessmentDrafted', drafted, key);

  it('is a new type holding no personal value in clear, the other fields as they were', () => {
    expect(encrypted.type).toBe('AssessmentDraftedEncrypted');
    const json = JSON.stringify(encrypted.data);
    for (const value of [
      'Jo Client',
      'jo@example.com',
      '07700 900123',
      'My own words',
      'No tobacco',
      'Green funds',
    ]) {
      expect(json).not.toContain(value);
    }
    expect(encrypted.data).toMatchObject({
      riskScore: 42,
      profileChanged: true,
      draftedAt: drafted.draftedAt,
    });
  });

  it('reads back as the plain event with the key', () => {
    const plain = decryptEvent(stored(encrypted.type, encrypted.data), key);
    expect(plain.type).toBe('AssessmentDrafted');
    expect(plain.data).toEqual(drafted);
  });

  it('reads with the erased marker once the key is gone', () => {
    const plain = decryptEvent(stored(encrypted.type, encrypted.data), undefined);
    expect(plain.data).toEqual({
      ...drafted,
      clientName: ERASED,
      clientEmail: null,
      clientPhone: null,
      profileChangeReason: ERASED,
      investmentExclusions: ERASED,
      investmentPreferences: ERASED,
    });
  });

  it('refuses to open with another key, or moved to another stream', () => {
    expect(() => decryptEvent(stored(encrypted.type, encrypted.data), randomBytes(32))).toThrow();
    const moved = {
      ...stored(encrypted.type, encrypted.data),
      streamId: 'assessment-00000000-0000-4000-8000-000000000000',
    };
    expect(() => decryptEvent(moved, key)).toThrow();
  });

  it('leaves a plain (legacy) event as it is', () => {
    const legacy = stored('AssessmentDrafted', drafted);
    expect(decryptEvent(legacy, undefined)).toBe(legacy);
  });
});
