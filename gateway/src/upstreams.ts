import { createUpstreamPool, type Logger, type UpstreamPool } from '@risk-profile/platform';
import type { ServiceName } from './routing';

export type ServicePools = Record<ServiceName, UpstreamPool>;

/** One pool per service from its `*_URL` addresses; close them when the gateway stops. */
export function servicePools(
  urls: Record<ServiceName, readonly string[]>,
  options: { logger?: Logger; probeIntervalMs?: number } = {},
): ServicePools {
  const pool = (name: ServiceName) => createUpstreamPool(urls[name], { name, ...options });
  return {
    assessment: pool('assessment'),
    adviser: pool('adviser'),
    notification: pool('notification'),
    analytics: pool('analytics'),
  };
}

export function closePools(pools: ServicePools): void {
  for (const pool of Object.values(pools)) pool.close();
}
