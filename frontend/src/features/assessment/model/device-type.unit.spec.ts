import { describe, expect, it } from 'vitest';
import { detectDeviceType } from './device-type';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
const ANDROID_PHONE =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/120 Mobile Safari/537.36';
const ANDROID_TABLET = 'Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 Chrome/120 Safari/537.36';
const IPAD_DESKTOP_MODE =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/17.0 Safari';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/120 Safari/537.36';

describe('detectDeviceType', () => {
  it.each([
    ['an iPhone', IPHONE, 390, 5, 'mobile'],
    ['an Android phone', ANDROID_PHONE, 412, 5, 'mobile'],
    ['an Android tablet', ANDROID_TABLET, 800, 5, 'tablet'],
    ['an iPad asking for desktop sites', IPAD_DESKTOP_MODE, 1024, 5, 'tablet'],
    ['a Mac', IPAD_DESKTOP_MODE, 1440, 0, 'desktop'],
    ['a desktop browser', DESKTOP, 1280, 0, 'desktop'],
    ['a narrow desktop window', DESKTOP, 600, 0, 'mobile'],
    ['a touch laptop at tablet width', DESKTOP, 900, 10, 'tablet'],
  ] as const)('recognises %s', (_, userAgent, viewportWidth, maxTouchPoints, expected) => {
    expect(detectDeviceType({ userAgent, viewportWidth, maxTouchPoints })).toBe(expected);
  });
});
