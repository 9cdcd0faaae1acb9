import { CLICKHOUSE_HTTP_PATH } from '@risk-profile/contracts';
import type { Express, Request, Response } from 'express';
import { AnalystAdmission } from './analyst-admission';
import { authenticate, type Caller, type CallerDeps } from './analyst-caller';
import type { AnalystEngine, AnalystEngineSlot } from './analyst-engine';
import type { AnalystQueryLog } from './analyst-query-log';
import { CheckedQueries, isRefusedByCheck } from './checked-queries';
import { CH, ClickHouseError, chError } from './clickhouse-error';
import { checkMethod, isLivenessCheck, queryOptionsOf, queryTextOf, startAnswer } from './clickhouse-request';
import { answerError } from './error-answer';
import { auditQuery } from './query-audit';
import { runQuery } from './run-query';

export interface ClickHouseHttpDeps extends CallerDeps {
  engine: AnalystEngine;
  log: AnalystQueryLog;
  database: string;
  /** Queries one analyst may run at once. */
  perAnalystConcurrency: number;
  /** Bytes of one result (uncompressed): the answer is cut there with ClickHouse's error. */
  maxResultBytes: number;
  clock: () => Date;
}

/**
 * ClickHouse's HTTP interface for analysts (docs/analyst-access.md): ping, the query in the URL
 * and/or the body, formats, query parameters, compression, ClickHouse's errors; read-only,
 * within the limits, and every query in the access log. The caller is signed in before the body
 * is read; the query runs in the analysts' engine (never this process) and its answer is passed on
 * as it arrives.
 */
export function mountClickHouseHttp(app: Express, deps: ClickHouseHttpDeps): void {
  const admission = new AnalystAdmission(deps.engine, deps.perAnalystConcurrency);
  const checkedQueries = new CheckedQueries(deps.database);
  const ok = (_req: Request, res: Response) => {
    res.type('text/plain; charset=UTF-8').send('Ok.\n');
  };
  app.get(`${CLICKHOUSE_HTTP_PATH}/ping`, ok);
  app.head(`${CLICKHOUSE_HTTP_PATH}/ping`, ok);

  const handle = async (req: Request, res: Response) => {
    const started = performance.now();
    const search = startAnswer(req, res);
    let caller: Caller | undefined;
    let text = '';
    let format: string | null = null;
    let slot: AnalystEngineSlot | null = null;
    try {
      if (isLivenessCheck(req, search)) return ok(req, res);
      checkMethod(req);
      // Signed in before a byte of the body is read.
      caller = await authenticate(req, search, deps);
      text = await queryTextOf(req, search);
      if (!text.trim()) throw chError(CH.SYNTAX_ERROR, 'Empty query');
      const { params, defaultFormat } = await queryOptionsOf(req, search, deps);
      slot = admission.admit(caller);
      const checked = await checkedQueries.check(slot, text, params);
      format = checked.format ?? defaultFormat;
      const run = {
        sql: checked.sql,
        params,
        defaultFormat,
        format,
        started,
        maxResultBytes: deps.maxResultBytes,
      };
      const sent = await runQuery(req, res, search, slot, run);
      await auditQuery(deps, { caller, query: text, format, started }, { outcome: 'ok', rows: sent.rows });
    } catch (thrown) {
      const error = answerError(res, thrown);
      if (caller && text) {
        // Refused: stopped by a rule before running (the read-only check, a limit, a setting).
        const refused = isRefusedByCheck(thrown) || (!slot && thrown instanceof ClickHouseError);
        await auditQuery(
          deps,
          { caller, query: text, format, started },
          { outcome: refused ? 'refused' : 'failed', error },
        );
      }
    } finally {
      if (slot) admission.release(caller!, slot);
    }
  };
  app.all(CLICKHOUSE_HTTP_PATH, handle);
  app.all(`${CLICKHOUSE_HTTP_PATH}/`, handle);
}
