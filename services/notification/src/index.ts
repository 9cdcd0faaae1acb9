import { createServiceApp, type PlatformDeps, type ServiceModule } from '@risk-profile/platform';

/**
 * The notification service. This issue sets up its place in the architecture (own app, own entry point,
 * mounted by the gateway); its endpoints and consumers arrive with their own issues.
 */
export async function createNotificationService(deps: PlatformDeps): Promise<ServiceModule> {
  const app = createServiceApp({ name: 'notification', logger: deps.logger, routes: () => {} });
  return {
    name: 'notification',
    app,
    start: async () => {},
    stop: async () => {},
    ready: async () => {
      await deps.sql.query('SELECT 1');
      return true;
    },
  };
}
