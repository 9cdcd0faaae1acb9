import { describe, expect, it } from 'vitest';
import { relyingPartyOf } from './relying-party';

describe('relyingPartyOf', () => {
  it('binds passkeys to the hostname and answers to the origin of PUBLIC_URL', () => {
    expect(relyingPartyOf('https://advice.example.com/')).toEqual({
      id: 'advice.example.com',
      origin: 'https://advice.example.com',
      name: 'Risk Profile',
    });
  });

  it('keeps a port in the origin but never in the RP ID', () => {
    expect(relyingPartyOf('http://localhost:3000')).toMatchObject({
      id: 'localhost',
      origin: 'http://localhost:3000',
    });
  });

  it('ignores a path under the public address', () => {
    expect(relyingPartyOf('https://example.com:8443/risk/')).toMatchObject({
      id: 'example.com',
      origin: 'https://example.com:8443',
    });
  });
});
