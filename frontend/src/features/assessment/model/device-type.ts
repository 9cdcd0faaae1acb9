import type { DeviceType } from '@risk-profile/contracts';

export interface DeviceHints {
  viewportWidth: number;
  userAgent: string;
  maxTouchPoints: number;
}

/**
 * The user agent names phones and most tablets; iPadOS pretends to be a Mac but has a touch
 * screen. When the user agent says nothing useful the viewport width decides.
 */
export function detectDeviceType({ viewportWidth, userAgent, maxTouchPoints }: DeviceHints): DeviceType {
  if (/iPad|Tablet|PlayBook|Silk|Kindle/i.test(userAgent)) return 'tablet';
  if (/Macintosh/i.test(userAgent) && maxTouchPoints > 1) return 'tablet';
  if (/Android/i.test(userAgent) && !/Mobile/i.test(userAgent)) return 'tablet';
  if (/Mobi|iPhone|iPod|Android|Windows Phone/i.test(userAgent)) return 'mobile';
  if (viewportWidth < 768) return 'mobile';
  if (viewportWidth < 1024 && maxTouchPoints > 0) return 'tablet';
  return 'desktop';
}

export function currentDeviceType(): DeviceType {
  return detectDeviceType({
    viewportWidth: window.innerWidth,
    userAgent: navigator.userAgent,
    maxTouchPoints: navigator.maxTouchPoints ?? 0,
  });
}
