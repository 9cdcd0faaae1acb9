import {
  ANALYTICS_CHANGED_EVENT,
  type AnalyticsPeriodQuery,
  analyticsAdvisersEndpoint,
  analyticsStreamEndpoint,
  analyticsSummaryEndpoint,
  deviceStatsEndpoint,
  dropOffEndpoint,
  questionDifficultyEndpoint,
  recentAssessmentsEndpoint,
} from '@risk-profile/contracts';
import { accessDecision, parseQuery, requireAccess, type SessionVerifier } from '@risk-profile/platform';
import type { Express, Request } from 'express';
import type { DashboardQueries } from '../dashboard/dashboard-queries';
import type { ChangeFeed } from '../live/change-feed';

export interface AdminRouteDeps {
  sessions: SessionVerifier;
  queries: DashboardQueries;
  changes: ChangeFeed;
  clock: () => Date;
  /** How often an open stream re-checks its session, so a revoked one is cut off. */
  streamRecheckMs?: number;
}

// Every dashboard read takes the same query, period, adviser and questionnaire version (the summary's
// contract stands for all).
const queryOf = (req: Request): AnalyticsPeriodQuery => parseQuery(analyticsSummaryEndpoint, req.query);

/** The dashboard's reads and its live stream: administrators only, checked here as well as at the gateway. */
export function mountAdminRoutes(app: Express, deps: AdminRouteDeps): void {
  const admin = requireAccess(deps.sessions, 'admin');
  // Each read with the method of DashboardQueries that answers it.
  const reads = [
    [analyticsSummaryEndpoint.path, 'summary'],
    [questionDifficultyEndpoint.path, 'questionDifficulty'],
    [dropOffEndpoint.path, 'dropOff'],
    [deviceStatsEndpoint.path, 'devices'],
    [recentAssessmentsEndpoint.path, 'recent'],
  ] as const;
  for (const [path, read] of reads) {
    app.get(path, admin, async (req, res) => {
      const q = queryOf(req);
      const body = await deps.queries[read](q.period, deps.clock(), q.adviser ?? null, q.version ?? null);
      res.setHeader('cache-control', 'no-store');
      res.json(body);
    });
  }

  app.get(analyticsAdvisersEndpoint.path, admin, async (_req, res) => {
    const body = await deps.queries.advisers();
    res.setHeader('cache-control', 'no-store');
    res.json(body);
  });

  app.get(analyticsStreamEndpoint.path, admin, (req, res) => {
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      // no-transform keeps compression middleware (the gateway's) from buffering the stream.
      'cache-control': 'no-store, no-transform',
      'x-accel-buffering': 'no',
      connection: 'keep-alive',
    });
    // HEAD gets GET's headers and nothing more: a response to HEAD carries no body, so Node would
    // swallow every write of a stream and never even send the headers.
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    res.write('retry: 2000\n\n');
    const unsubscribe = deps.changes.subscribe(() => {
      res.write(`event: ${ANALYTICS_CHANGED_EVENT}\ndata: {}\n\n`);
    });
    // The comment line keeps proxies from closing an idle stream; the re-check ends the stream of
    // a session that was revoked or lost its role since it opened. A stream also ends as soon as
    // its server stops listening, so a shutdown does not wait out its grace period for it.
    const server = (req.socket as { server?: { listening?: boolean } }).server;
    const recheckMs = deps.streamRecheckMs ?? 5_000;
    let sinceCheck = 0;
    const tickMs = Math.min(1_000, recheckMs);
    const tick = setInterval(async () => {
      if (server && server.listening === false) return end();
      sinceCheck += tickMs;
      if (sinceCheck < recheckMs) return;
      sinceCheck = 0;
      const user = await deps.sessions.authenticate(req).catch(() => null);
      if (accessDecision(user, 'admin') !== 'allow') return end();
      res.write(': keep-alive\n\n');
    }, tickMs);
    const end = () => {
      clearInterval(tick);
      unsubscribe();
      res.end();
    };
    req.on('close', end);
  });
}
