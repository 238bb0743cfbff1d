import { toMillis, type Instant } from './calendar-window';

/**
 * The notify button of the study modal (spec part 1 §4, §7): a reminder to one Student
 * participant, only while the study is in progress. Clients show the button by these rules; the
 * server checks them again.
 */

/** `type_id` of POST api/users/{id}/notify: 1 = "the study has started, please join". */
export const NOTIFY_TYPE = { StudyInProgress: 1 } as const;
export const NOTIFY_TYPES = [NOTIFY_TYPE.StudyInProgress] as const;

/** In progress: started (start ≤ now) and not over (now < end). */
export function isStudyInProgress(study: { start: Instant; end: Instant }, now: Instant): boolean {
  const at = toMillis(now);
  return toMillis(study.start) <= at && at < toMillis(study.end);
}

/**
 * The next instant at which `isStudyInProgress` changes its answer (the start, then the end), or
 * null once the study is over: a client waits exactly until then instead of polling.
 */
export function nextProgressBoundary(study: { start: Instant; end: Instant }, now: Instant): number | null {
  const at = toMillis(now);
  const start = toMillis(study.start);
  if (at < start) return start;
  const end = toMillis(study.end);
  return at < end ? end : null;
}
