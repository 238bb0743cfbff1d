import type { Knex } from 'knex';
import { DateTime } from 'luxon';
import type { Page } from 'playwright-core';
import { ZONE, studiesOf } from '../support/demo-school.test-kit';

/** Chooses whose calendar to show and waits until its studies are drawn. */
export async function pickUser(page: Page, userId: number): Promise<void> {
  const picker = page.getByTestId('user-picker');
  await page.waitForFunction(() => {
    const select = document.querySelector('[data-testid=user-picker]') as HTMLSelectElement | null;
    return select !== null && !select.disabled && select.options.length > 1;
  });
  await picker.selectOption(String(userId));
  await waitForCalendar(page);
}

export async function waitForCalendar(page: Page): Promise<void> {
  await page.getByTestId('calendar-board').waitFor();
  await page.waitForFunction(() => !document.querySelector('[data-testid=calendar-board][data-loading]'));
  await page.locator('.fc-timegrid-body, .fc-daygrid-body').first().waitFor();
}

export function currentKyivWeek(weeks = 1): { from: DateTime; to: DateTime } {
  const from = DateTime.now().setZone(ZONE).startOf('week');
  return { from, to: from.plus({ weeks }) };
}

/** Studies the current week view shows (data-study-id of each drawn event). */
export async function shownStudyIds(page: Page): Promise<number[]> {
  const ids = await page
    .locator('.fc-timegrid-event [data-testid=study-event]')
    .evaluateAll((nodes) => nodes.map((n) => Number((n as HTMLElement).dataset.studyId)));
  return [...new Set(ids)].sort((a, b) => a - b);
}

/**
 * Opens a study of the shown week or of the next one: tests that need lessons still ahead take
 * them from this week and the next, since late on a Saturday or Sunday this week has few left.
 */
export async function openStudy(page: Page, studyId: number): Promise<void> {
  const event = page.locator(`[data-testid=study-event][data-study-id="${studyId}"]`).first();
  await waitForCalendar(page);
  if (!(await event.isVisible())) {
    await page.getByTestId('calendar-next').click();
    await waitForCalendar(page);
  }
  await event.click();
  await page.getByTestId('study-modal').waitFor();
}

/** The text of the newest toast of an intent (Blueprint renders toasts in a portal). */
export async function toastText(
  page: Page,
  intent: 'danger' | 'success' | 'primary' | 'warning',
): Promise<{ title: string; message: string }> {
  const toast = page.getByTestId(`toast-${intent}`).last();
  await toast.waitFor();
  const title =
    (await toast.getByTestId('toast-title').count()) > 0
      ? await toast.getByTestId('toast-title').innerText()
      : '';
  return { title, message: await toast.getByTestId('toast-message').innerText() };
}

/**
 * Makes one of a teacher's one-student studies run right now (started 10 minutes ago), for the
 * notify button. Tries the teacher's future studies until one fits: the database refuses a move
 * that would overlap another study of the teacher or the student.
 */
export async function studyInProgress(
  knex: Knex,
  teacherId: number,
  /** Milliseconds from now; by default the study started 10 minutes ago and runs 50 more. */
  window: { start: number; end: number } = { start: -10 * 60_000, end: 50 * 60_000 },
): Promise<{ studyId: number; studentId: number; start: Date; end: Date }> {
  const now = Date.now();
  const start = new Date(now + window.start);
  const end = new Date(now + window.end);
  const teacherStudies = () =>
    knex('studies as s').join('study_user as me', 'me.study_id', 's.id').where('me.user_id', teacherId);
  // The demo school may already hold a study of this teacher right now (it depends on the hour
  // the tests run): a group one is moved years ahead, so that the window is free.
  const blocking = (await teacherStudies()
    .where('s.start', '<', end)
    .where('s.end', '>', start)
    .whereRaw('(select count(*) from study_user x where x.study_id = s.id and x.role_id = 4) <> 1')
    .select('s.id', 's.start', 's.end')) as { id: number; start: Date; end: Date }[];
  for (const b of blocking) {
    const away = (d: Date) => new Date(new Date(d).getTime() + 3 * 365 * 86_400_000);
    await knex('studies')
      .where({ id: b.id })
      .update({ start: away(b.start), end: away(b.end) });
  }
  const candidates = await teacherStudies()
    .where((q) =>
      q
        .where('s.start', '>', new Date(now + 86_400_000))
        .orWhere((w) => w.where('s.start', '<', end).where('s.end', '>', start)),
    )
    .where('s.miss_status', 0)
    .whereRaw('(select count(*) from study_user x where x.study_id = s.id and x.role_id = 4) = 1')
    // One that already overlaps the window first: moving it cannot clash with itself.
    .orderByRaw('(s.start < ? and s.end > ?) desc, s.start', [end, start])
    .limit(20)
    .select('s.id');
  for (const { id } of candidates as { id: number }[]) {
    try {
      await knex('studies').where({ id }).update({ start, end });
      const student = await knex('study_user').where({ study_id: id, role_id: 4 }).first('user_id');
      return { studyId: Number(id), studentId: Number(student.user_id), start, end };
    } catch {
      // overlaps another study of the teacher or the student: try the next one
    }
  }
  throw new Error('no study of the teacher could be moved to now');
}

/**
 * A whole hour of next week inside one of the teacher's work periods, with an hour free on each
 * side (from Tuesday on), so the free slot under it is that hour or one overlapping it.
 */
export async function freeHourNextWeek(knex: Knex, teacherId: number): Promise<DateTime> {
  const from = currentKyivWeek().from.plus({ weeks: 1 });
  const busy = await studiesOf(knex, teacherId, from.minus({ days: 1 }), from.plus({ weeks: 1, days: 1 }));
  const periods = (await knex('workperiods as w')
    .join('schedules as s', 's.id', 'w.schedule_id')
    .where('s.user_id', teacherId)
    .select('w.weekday', 'w.start_time', 'w.duration')) as {
    weekday: number;
    start_time: string;
    duration: number;
  }[];
  const offs = (await knex('offperiods as o')
    .join('schedules as s', 's.id', 'o.schedule_id')
    .where('s.user_id', teacherId)
    .select('o.start_at', 'o.end_at')) as { start_at: Date; end_at: Date }[];
  for (let d = 1; d < 7; d++) {
    const day = from.plus({ days: d });
    // A day off has no free slots.
    if (
      offs.some(
        (o) => o.start_at.getTime() < day.plus({ days: 1 }).toMillis() && o.end_at.getTime() > day.toMillis(),
      )
    )
      continue;
    for (const p of periods.filter((w) => w.weekday === day.weekday % 7)) {
      const [h, m] = String(p.start_time).split(':').map(Number);
      const start = day.set({ hour: h, minute: m });
      for (
        let at = start.plus({ hours: 1 });
        at.plus({ hours: 2 }) <= start.plus({ minutes: p.duration });
        at = at.plus({ hours: 1 })
      ) {
        const free = busy.every(
          (s) =>
            s.end.getTime() <= at.minus({ hours: 1 }).toMillis() ||
            s.start.getTime() >= at.plus({ hours: 2 }).toMillis(),
        );
        if (free) return at;
      }
    }
  }
  throw new Error('no free hour in next week');
}

/** Opens the teacher's calendar on next week and clicks the grid at `at`. */
export async function clickNextWeekAt(page: Page, teacherId: number, at: DateTime): Promise<void> {
  await pickUser(page, teacherId);
  await page.getByTestId('calendar-next').click();
  await waitForCalendar(page);
  const column = page.locator(`td.fc-timegrid-col[data-date="${at.toISODate()}"]`);
  const row = page.locator(`td.fc-timegrid-slot-lane[data-time="${at.toFormat('HH:mm:ss')}"]`);
  await row.scrollIntoViewIfNeeded();
  const colBox = (await column.boundingBox())!;
  const rowBox = (await row.boundingBox())!;
  await page.mouse.click(colBox.x + colBox.width / 2, rowBox.y + rowBox.height / 2);
}
