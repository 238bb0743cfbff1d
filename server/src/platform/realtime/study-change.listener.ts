import type { Logger } from '../logging/logger.js';
import { createPgListener, type PgListener } from './pg-listener.js';
import {
  coalesceStudyChanges,
  parseStudyChange,
  STUDY_CHANGES_CHANNEL,
  type StudyChange,
} from './study-change.payload.js';

export interface StudyChangeListenerOptions {
  dbUrl: string;
  logger: Logger;
  deliver(change: StudyChange): void;
  /** The connection was lost for a while: changes may have been missed. */
  onResync(): void;
  /**
   * How long to gather a burst before delivering: one save writes a study, its participants
   * and its subscriptions in several statements and transactions; clients should reload once.
   */
  coalesceMs?: number;
}

/** One per server process: every process receives every change and serves its own sockets. */
export function createStudyChangeListener(opts: StudyChangeListenerOptions): PgListener {
  const coalesceMs = opts.coalesceMs ?? 30;
  let pending: StudyChange[] = [];
  let timer: NodeJS.Timeout | undefined;

  const flush = () => {
    timer = undefined;
    const batch = coalesceStudyChanges(pending);
    pending = [];
    for (const change of batch) {
      try {
        opts.deliver(change);
      } catch (err) {
        opts.logger.error({ err }, 'delivering a study change failed');
      }
    }
  };

  const listener = createPgListener({
    connectionString: opts.dbUrl,
    channel: STUDY_CHANGES_CHANNEL,
    logger: opts.logger,
    onNotification(payload) {
      const change = parseStudyChange(payload);
      if (!change) {
        opts.logger.warn('ignored a malformed study_changes notification');
        return;
      }
      pending.push(change);
      timer ??= setTimeout(flush, coalesceMs);
    },
    onReconnect: opts.onResync,
  });

  return {
    ready: listener.ready,
    async close() {
      if (timer) clearTimeout(timer);
      timer = undefined;
      pending = [];
      await listener.close();
    },
  };
}
