import { pino } from 'pino';

export type Logger = pino.Logger;

/**
 * Structured JSON logs (one line per event) with the service name on every line. Secrets and
 * personal data in request logs are redacted at the source.
 */
export function createLogger(service: string, level = process.env.LOG_LEVEL ?? 'info'): Logger {
  return pino({
    name: service,
    level,
    base: { service },
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
  });
}

/** A logger that drops everything (tests, benchmarks). */
export function silentLogger(): Logger {
  return pino({ level: 'silent' });
}
