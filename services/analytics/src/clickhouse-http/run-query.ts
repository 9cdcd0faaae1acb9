import type { Request, Response } from 'express';
import type { AnalystEngineSlot } from './analyst-engine';
import { contentTypeOf, type Sent, sendResult } from './result-stream';

export interface QueryRun {
  /** The checked statement, as ClickHouse formatted it. */
  sql: string;
  params: Record<string, string>;
  /** The request's default format, which the engine writes unless the statement names one. */
  defaultFormat: string;
  /** The format of the answer: the statement's own, or the default. */
  format: string;
  /** performance.now() when the request came in, for the summary's elapsed time. */
  started: number;
  /** Bytes of the result (uncompressed) past which it is cut with ClickHouse's error. */
  maxResultBytes: number;
}

/** Runs the query in its slot and streams the answer out, compressed as the client asks. */
export async function runQuery(
  req: Request,
  res: Response,
  search: URLSearchParams,
  slot: AnalystEngineSlot,
  run: QueryRun,
): Promise<Sent> {
  const result = await slot.run({ sql: run.sql, params: run.params, format: run.defaultFormat });
  res.setHeader('X-ClickHouse-Format', run.format);
  res.setHeader(
    'X-ClickHouse-Summary',
    JSON.stringify({
      ...result.summary,
      elapsed_ns: String(Math.round((performance.now() - run.started) * 1e6)),
    }),
  );
  res.setHeader('Content-Type', contentTypeOf(run.format));
  return sendResult(req, res, search, result, run.format, run.maxResultBytes);
}
