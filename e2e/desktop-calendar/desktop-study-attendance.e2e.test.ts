import path from 'node:path';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { DATE_FORMAT } from '@school/shared/domain';
import { resources } from '@school/shared/i18n';
import { createModules } from '@school/server/src/modules';
import { createLogger } from '@school/server/src/platform/logging/logger';
import { SCREENSHOT_DIR } from '../support/browser.test-kit';
import { signIn, ZONE } from '../support/demo-school.test-kit';
import { currentKyivWeek, openStudy, pickUser, waitForCalendar } from './calendar.test-kit';
import { useStaffSuite, viewportShot } from './staff-suite.test-kit';

/**
 * A family's answer in the bot, as staff see it (docs/domain-rules.md, "Attendance answers"): the
 * mark on the calendar event arrives while the calendar is open (the study:changed socket event),
 * the study modal says who answered what, through which messenger and when.
 */

const texts = { uk: resources.uk.translation, ru: resources.ru.translation };

const suite = useStaffSuite();

/** The teacher's next one-student lessons without a miss status, this week or next, after the next hour. */
async function upcomingLessons() {
  const knex = suite.server.knex;
  const week = currentKyivWeek();
  const rows = (await knex('studies as s')
    .join('study_user as me', 'me.study_id', 's.id')
    .where('me.user_id', suite.teacherId)
    .where('s.start', '>', new Date(Date.now() + 3_600_000))
    .where('s.start', '<', week.to.plus({ weeks: 1 }).toJSDate())
    .where('s.miss_status', 0)
    .whereRaw('(select count(*) from study_user x where x.study_id = s.id and x.role_id = 4) = 1')
    .orderBy('s.start')
    .limit(2)
    .select('s.id', 's.start')) as Array<{ id: number; start: Date }>;
  expect(rows).toHaveLength(2);
  const out = [];
  for (const row of rows) {
    const student = await knex('study_user as su')
      .join('users as u', 'u.id', 'su.user_id')
      .where({ 'su.study_id': row.id, 'su.role_id': 4 })
      .first('u.id', 'u.full_name');
    const parent = await knex('user_responsibles as r')
      .join('users as u', 'u.id', 'r.responsible_id')
      .where('r.child_id', student.id)
      .first('u.id', 'u.full_name');
    out.push({ ...row, student, answeredBy: parent ?? student, nextWeek: row.start >= week.to.toJSDate() });
  }
  return out;
}

describe('attendance answers in the staff calendar', () => {
  it("shows the family's answer live on the event and in the modal (uk: a decline, ru: a confirm)", async () => {
    const { services } = createModules({
      knex: suite.server.knex,
      config: suite.server.config,
      logger: createLogger('silent'),
    });
    const lessons = await upcomingLessons();
    for (const [i, language] of (['uk', 'ru'] as const).entries()) {
      const lesson = lessons[i]!;
      const t = texts[language];
      const answer = language === 'uk' ? 'declined' : 'confirmed';
      const { context, page } = await suite.staffPage(language);
      try {
        await signIn(page, 'teacher@example.com', language);
        await pickUser(page, suite.teacherId);
        if (lesson.nextWeek) {
          await page.getByTestId('calendar-next').click();
          await waitForCalendar(page);
        }
        await page.getByTestId('realtime-live').waitFor({ timeout: 10_000 });
        const event = page.locator(`[data-testid=study-event][data-study-id="${lesson.id}"]`).first();
        await event.waitFor();
        expect(await event.locator('[data-testid=study-event-attendance]').count()).toBe(0);

        // The family answers in the bot (the service the bot calls), while the calendar is open.
        const outcome = await services.studyAttendance.answer({
          studyId: lesson.id,
          studentId: lesson.student.id,
          answer,
          answeredBy: lesson.answeredBy.id,
          messenger: 'telegram',
        });
        expect(outcome.kind).toBe('recorded');
        const mark = event.locator('[data-testid=study-event-attendance]');
        await mark.waitFor({ timeout: 15_000 });
        expect(await mark.getAttribute('data-answer')).toBe(answer);
        expect(await mark.getAttribute('title')).toBe(
          answer === 'declined'
            ? t.calendarUi.attendance.markDeclined
            : t.calendarUi.attendance.markConfirmed,
        );
        await event.scrollIntoViewIfNeeded();
        const box = (await event.boundingBox())!;
        // The event and a margin around it: the mark among the week's other events.
        await page.screenshot({
          path: path.join(SCREENSHOT_DIR, `desktop-attendance-event-${language}.png`),
          clip: {
            x: Math.max(0, box.x - 120),
            y: Math.max(0, box.y - 60),
            width: box.width + 240,
            height: box.height + 120,
          },
        });

        await openStudy(page, lesson.id);
        const entry = page.getByTestId(`attendance-${lesson.student.id}`);
        await entry.waitFor();
        expect(await entry.getAttribute('data-answer')).toBe(answer);
        const text = await entry.innerText();
        expect(text).toContain(t.calendarUi.attendance[answer]);
        expect(text).toContain(lesson.student.full_name);
        expect(text).toContain(
          `${lesson.answeredBy.full_name}, Telegram, ${DateTime.now().setZone(ZONE).toFormat(DATE_FORMAT)}`,
        );
        expect(await page.getByTestId('study-attendance').innerText()).toContain(
          t.calendarUi.attendance.heading.toUpperCase(),
        );
        expect(await page.getByTestId('attendance-declined-hint').count()).toBe(
          answer === 'declined' ? 1 : 0,
        );
        await viewportShot(page, `desktop-study-attendance-${language}`);
      } finally {
        await context.close();
      }
    }
  });
});
