import { Callout, Icon, Tag } from '@blueprintjs/core';
import { DateTime } from 'luxon';
import { useTranslation } from 'react-i18next';
import { DATE_TIME_FORMAT, TIME_ZONE } from '@school/shared/domain';
import { BOT_LABEL } from '@school/shared/ui';
import type { CalendarStudy } from '@school/shared/ui/calendar';

/**
 * The families' answers from the bot (docs/domain-rules.md, "Attendance answers"): per student,
 * what was answered, by whom, through which messenger and when. A decline changes nothing by
 * itself; the note says so, since staff decide what happens to the lesson.
 */
export function StudyAttendance({ study }: { study: CalendarStudy }) {
  const { t, i18n } = useTranslation();
  const entries = study.attendance ?? [];
  if (entries.length === 0) return null;
  const nameOf = (id: number) => study.users?.find((u) => u.id === id)?.full_name ?? `#${id}`;
  const when = (iso: string) =>
    DateTime.fromISO(iso, { zone: TIME_ZONE }).setLocale(i18n.language).toFormat(DATE_TIME_FORMAT);
  return (
    <section className="study-modal__section" data-testid="study-attendance">
      <h3 className="study-modal__heading">
        <Icon icon="endorsed" /> {t('calendarUi.attendance.heading')}
      </h3>
      <ul className="study-attendance">
        {entries.map((entry) => (
          <li
            key={entry.student_id}
            className="study-attendance__entry"
            data-testid={`attendance-${entry.student_id}`}
            data-answer={entry.answer}
          >
            <Tag
              round
              minimal
              intent={entry.answer === 'confirmed' ? 'success' : 'danger'}
              icon={entry.answer === 'confirmed' ? 'tick' : 'cross'}
            >
              {t(`calendarUi.attendance.${entry.answer}`)}
            </Tag>{' '}
            <strong>{nameOf(entry.student_id)}</strong>
            <span className="study-attendance__by">
              {' · '}
              {t('calendarUi.attendance.answeredBy', {
                name: entry.answered_by?.full_name ?? t('calendarUi.attendance.unknownAuthor'),
                messenger: BOT_LABEL[entry.messenger],
                time: when(entry.answered_at),
              })}
            </span>
          </li>
        ))}
      </ul>
      {entries.some((e) => e.answer === 'declined') ? (
        <Callout
          compact
          intent="warning"
          className="study-attendance__hint"
          data-testid="attendance-declined-hint"
        >
          {t('calendarUi.attendance.declinedHint')}
        </Callout>
      ) : null}
    </section>
  );
}
