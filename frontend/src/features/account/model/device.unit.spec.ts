import { describe, expect, it } from 'vitest';
import { deviceLabel } from './device';

describe('the device of a session', () => {
  it('names the browser and the system', () => {
    expect(deviceLabel('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/140.0 Safari/537.36')).toBe(
      'Chrome on Linux',
    );
    expect(
      deviceLabel('Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Version/18.0 Mobile Safari/604.1'),
    ).toBe('Safari on iOS');
    expect(deviceLabel('Mozilla/5.0 (Windows NT 10.0) Chrome/140.0 Safari/537.36 Edg/140.0')).toBe(
      'Edge on Windows',
    );
  });

  it('says so when it cannot tell', () => {
    expect(deviceLabel(null)).toBe('Unknown device');
    expect(deviceLabel('curl/8.0')).toBe('Unknown device');
  });
});
