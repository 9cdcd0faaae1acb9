import type { Express } from 'express';
import { mountEndSession } from './end-session.route';
import { mountListSessions } from './list-sessions.route';
import type { SessionRouteDeps } from './session-route-deps';

/** The sessions a person can see and end. */
export function mountSessionRoutes(app: Express, deps: SessionRouteDeps): void {
  mountListSessions(app, deps);
  mountEndSession(app, deps);
}
