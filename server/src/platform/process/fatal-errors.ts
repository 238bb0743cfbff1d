import type { Logger } from '../logging/logger.js';

/**
 * The last resort for an error nothing else caught (an 'error' event without a listener, a
 * promise nobody awaited): Node would print it to stderr and end the process, outside the JSON
 * log that operators search. It is logged at fatal level with its stack first, then the process
 * exits with 1 so that the service manager starts it again: after such an error its state is
 * unknown, and carrying on could serve wrong answers. The log stream is flushed on exit by pino.
 */
export function exitOnUncaughtErrors(
  logger: Logger,
  exit: (code: number) => void = (code) => process.exit(code),
): void {
  let exiting = false;
  const fatal = (what: string) => (err: unknown) => {
    logger.fatal({ err: err instanceof Error ? err : new Error(String(err)) }, what);
    if (exiting) return;
    exiting = true;
    exit(1);
  };
  process.on('uncaughtException', fatal('uncaught exception: the process exits'));
  process.on('unhandledRejection', fatal('unhandled promise rejection: the process exits'));
}
