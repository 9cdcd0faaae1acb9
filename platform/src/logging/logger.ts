import { pino } from 'pino';

export type Logger = pino.Logger;

/**
 * Structured JSON logs (one line per event) with the service name on every line. Secrets and
 * personal data in request logs are redacted at the source.
 */
export function createLogger(
  service: string,
  level = process.env.LOG_LEVEL ?? 'info',
  destination?: pino.DestinationStream,
): Logger {
  const options: pino.LoggerOptions = {
    name: service,
    level,
    base: { service },
    serializers: { err: safeError, error: safeError },
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'password',
        '*.password',
        'token',
        '*.token',
      ],
      censor: '[redacted]',
    },
  };
  return destination ? pino(options, destination) : pino(options);
}

/**
 * Errors are logged as their type, code, message and stack only. Database errors carry the query's
 * parameters (`params`, `parameters`) and a `detail` that quotes the failing row: whole events with
 * a client's name, contacts, answers, IP and user agent. Keeping a short list of known-safe fields,
 * rather than removing known-bad ones, keeps a new driver's field out of the logs too.
 */
export function safeError(value: unknown, depth = 0): unknown {
  if (!(value instanceof Error)) return value;
  const { code } = value as { code?: unknown };
  const safe: Record<string, unknown> = {
    type: value.constructor?.name ?? value.name,
    message: value.message,
    stack: value.stack,
  };
  if (typeof code === 'string' || typeof code === 'number') safe.code = code;
  if (value.cause !== undefined && depth < 5) safe.cause = safeError(value.cause, depth + 1);
  return safe;
}

/** A logger that drops everything (tests, benchmarks). */
export function silentLogger(): Logger {
  return pino({ level: 'silent' });
}
