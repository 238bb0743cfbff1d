/**
 * A write the staff app did not send now but kept in its offline queue (issue 34 point 2): the
 * desktop's API client throws it instead of an error when a lesson write is queued, so a form knows
 * the teacher's words are kept and will be sent when the server is back. Clients without a queue
 * (the family web) never see it.
 */
export class WriteQueuedError extends Error {
  /** The queue entry's id, also its Idempotency-Key. */
  readonly writeId: string;

  constructor(writeId: string) {
    super('write queued');
    this.name = WRITE_QUEUED;
    this.writeId = writeId;
  }
}

const WRITE_QUEUED = 'WriteQueuedError';

/**
 * By name rather than instanceof: every app's global error handling asks (shared/src/ui/toast-bus),
 * and only the staff app makes these, so the family web's first load does not carry the class.
 */
export function isWriteQueued(error: unknown): error is WriteQueuedError {
  return error instanceof Error && error.name === WRITE_QUEUED;
}
