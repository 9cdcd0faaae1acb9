import type { Response } from 'express';
import { RateLimited } from './analyst-caller';
import { asClickHouseError, type ClickHouseError, httpStatusOf } from './clickhouse-error';
import { CutShort } from './result-stream';

/**
 * Answers what a request threw as ClickHouse answers an error, unless the answer has begun (a
 * result cut short already ended with the error's text). Returns the error for the query log.
 */
export function answerError(res: Response, thrown: unknown): ClickHouseError {
  const error = thrown instanceof CutShort ? thrown.error : asClickHouseError(thrown);
  const status = thrown instanceof RateLimited ? 429 : httpStatusOf(error.code);
  if (!res.headersSent) {
    res.status(status);
    res.setHeader('X-ClickHouse-Exception-Code', String(error.code));
    res.setHeader('Content-Type', 'text/plain; charset=UTF-8');
    if (status === 401) res.setHeader('WWW-Authenticate', 'Basic realm="ClickHouse", charset="UTF-8"');
    res.send(error.text);
  }
  return error;
}
