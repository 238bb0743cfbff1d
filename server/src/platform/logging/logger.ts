import pino from 'pino';

export type Logger = pino.Logger;

/** Structured JSON logs. Bodies, cookies and query strings are never logged: they carry personal data. */
export function createLogger(level: string): Logger {
  return pino({
    level,
    base: undefined,
    redact: {
      paths: ['password', '*.password', 'email', '*.email', 'headers.cookie', 'headers.authorization'],
      censor: '[redacted]',
    },
  });
}
