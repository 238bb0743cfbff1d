import type { ApiClient } from '@school/shared/api';
import type { CalendarStudy } from '@school/shared/ui/calendar';
import { fetchFamilyStudies, fetchStudyTypes } from './calendar-api';
import { readCalendarChoice } from '../../kit/calendar/calendar-user';

/**
 * A returning visitor's calendar data, asked for while the app still checks who is signed in.
 * Without it the studies call waits for the sign-in check, the first render and FullCalendar's
 * mount, one after the other (the "calendar visible within 1 s" budget, bench/cases/family-web).
 * The calendar to ask for is the one remembered with its account (calendar-user.ts); the answer is
 * used only when the signed-in account and the calendar match, and only for the first load.
 */

/** Older than this, an unused answer is not trusted for a first load (the tab sat in the background). */
const FRESH_MS = 30_000;

interface Prefetched {
  owner: number;
  userId: number;
  at: number;
  studies: Promise<CalendarStudy[]> | null;
  types: Promise<Map<number, string>> | null;
}

let prefetched: Prefetched | null = null;

/** Starts the calls for the last calendar shown in this browser, if any. */
export function prefetchCalendar(client: ApiClient): void {
  const last = readCalendarChoice();
  if (!last) return;
  const studies = fetchFamilyStudies(client, last.userId, Date.now());
  const types = fetchStudyTypes(client);
  // A signed-out visitor gets 401s here: the page itself decides what to do, so stay quiet.
  studies.catch(() => undefined);
  types.catch(() => undefined);
  prefetched = { ...last, at: Date.now(), studies, types };
}

/** The prefetched answer for this account's calendar of `userId`, once: a later load asks again. */
export function takePrefetched(
  owner: number,
  userId: number,
  part: 'studies',
): Promise<CalendarStudy[]> | null;
export function takePrefetched(
  owner: number,
  userId: number,
  part: 'types',
): Promise<Map<number, string>> | null;
export function takePrefetched(owner: number, userId: number, part: 'studies' | 'types') {
  const p = prefetched;
  if (!p || p.owner !== owner || p.userId !== userId || Date.now() - p.at > FRESH_MS) return null;
  const answer = p[part];
  p[part] = null;
  return answer;
}
