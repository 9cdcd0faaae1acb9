import { openSessions, runService } from '@risk-profile/platform';
import { notificationProcessConfigSchema } from './config';
import { createNotificationService, reportComposerBeside } from './index';

// Distributed mode: this service alone in its process, behind the gateway.
await runService({
  name: 'notification',
  defaultPort: 3003,
  config: notificationProcessConfigSchema,
  // Messages are rendered in a worker thread, from the bundle built beside this one. The records'
  // endpoints check their sessions here too, on the session state the adviser service keeps.
  create: async (deps, config) => {
    const sessions = await openSessions(deps.sql, {
      secret: config.SESSION_SECRET,
      publicUrl: config.PUBLIC_URL ?? 'http://localhost',
      clock: deps.clock,
    });
    return createNotificationService(deps, config, {
      sessions: sessions.verifier,
      composeWorker: reportComposerBeside(import.meta.url),
    });
  },
});
