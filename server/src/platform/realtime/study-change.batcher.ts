import type { Logger } from '../logging/logger.js';
import { coalesceStudyChanges, parseStudyChange, type StudyChange } from './study-change.payload.js';

export interface StudyChangeBatcherOptions {
  logger: Logger;
  deliver(change: StudyChange): void;
  /**
   * How long to gather a burst before delivering: one save writes a study, its participants
   * and its subscriptions in several statements and transactions; clients should reload once.
   */
  coalesceMs?: number;
}

export interface StudyChangeBatcher {
  /** One `study_changes` notification payload. */
  push(payload: string | undefined): void;
  close(): void;
}

/** One per server process: every process receives every change and serves its own sockets. */
export function createStudyChangeBatcher(opts: StudyChangeBatcherOptions): StudyChangeBatcher {
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

  return {
    push(payload) {
      const change = parseStudyChange(payload);
      if (!change) {
        opts.logger.warn('ignored a malformed study_changes notification');
        return;
      }
      pending.push(change);
      timer ??= setTimeout(flush, coalesceMs);
    },
    close() {
      if (timer) clearTimeout(timer);
      timer = undefined;
      pending = [];
    },
  };
}
