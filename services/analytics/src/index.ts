import { createServiceApp, type PlatformDeps, type ServiceModule } from '@risk-profile/platform';

/**
 * The analytics service. This issue sets up its place in the architecture (own app, own entry point,
 * mounted by the gateway); its endpoints and consumers arrive with their own issues.
 */
export async function createAnalyticsService(deps: PlatformDeps): Promise<ServiceModule> {
  const app = createServiceApp({ name: 'analytics', logger: deps.logger, routes: () => {} });
  return {
    name: 'analytics',
    app,
    start: async () => {},
    stop: async () => {},
    ready: async () => {
      await deps.sql.query('SELECT 1');
      return true;
    },
  };
}
