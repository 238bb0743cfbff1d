import { DateTime } from 'luxon';
import { DAY_MONTH_FORMAT, TIME_FORMAT, TIME_ZONE } from '@school/shared/domain';
import { attendanceOpen, givenNames, type AttendanceAnswer } from '@school/shared/rules';
import type { Translate } from '../../platform/i18n/request-i18n.js';
import type { BotKeyboard } from '../messenger-bots/index.js';
import { attendButtonData, MENU_DATA } from './bot-commands.js';
import type { BotPackage, BotStudent, NextLesson } from './bot-dialog.repository.js';

/** The two-way bot's answers, rendered in the chat's language; times in Kyiv. Texts: i18n `botDialog`. */
export interface Reply {
  text: string;
  buttons: BotKeyboard | null;
}

export interface ReplyContext {
  t: Translate;
  language: string;
  now: number;
}

type Lesson = Pick<NextLesson, 'id' | 'start' | 'end' | 'miss_status'>;

/** "пн 12.05 10:00" in Kyiv time. */
export function lessonTime(start: Date, language: string): string {
  return DateTime.fromJSDate(start)
    .setZone(TIME_ZONE)
    .setLocale(language)
    .toFormat(`ccc ${DAY_MONTH_FORMAT} ${TIME_FORMAT}`);
}

const lessonSpan = (lesson: Lesson, language: string) =>
  `${lessonTime(lesson.start, language)}–${DateTime.fromJSDate(lesson.end).setZone(TIME_ZONE).toFormat(TIME_FORMAT)}`;

const subjectOf = (item: { discipline: string | null; type_name: string | null }) =>
  item.discipline
    ? item.type_name
      ? `${item.discipline} (${item.type_name})`
      : item.discipline
    : (item.type_name ?? '');

const teachersOf = (teachers: NextLesson['teachers']) =>
  (teachers ?? []).map(givenNames).filter(Boolean).join(', ');

const menuRow = ({ t }: ReplyContext) => [
  { text: t('botDialog.menu.next'), data: MENU_DATA.next },
  { text: t('botDialog.menu.paid'), data: MENU_DATA.paid },
];

/** A short text with the menu under it. */
export function withMenu(ctx: ReplyContext, text: string): Reply {
  return { text, buttons: [menuRow(ctx)] };
}

export function helpReply(ctx: ReplyContext, misunderstood: boolean): Reply {
  const help = ctx.t('botDialog.help');
  return withMenu(ctx, misunderstood ? `${ctx.t('botDialog.unknown')}\n\n${help}` : help);
}

/** A chat bound to nobody: how to connect it. No buttons: none of them would work. */
export function notConnectedReply(ctx: ReplyContext): Reply {
  return { text: ctx.t('botDialog.notConnected'), buttons: null };
}

function attendButton(ctx: ReplyContext, answer: AttendanceAnswer, student: BotStudent, lesson: Lesson) {
  const seconds = Math.floor(lesson.start.getTime() / 1000);
  const key =
    answer === 'confirmed' ? 'botDialog.attendance.confirmButton' : 'botDialog.attendance.declineButton';
  return {
    text: ctx.t(key, { name: student.firstname, when: lessonTime(lesson.start, ctx.language) }),
    data: attendButtonData(answer, lesson.id, student.id, seconds),
  };
}

/** Both answers for one lesson of one student, on one row. */
export function attendRow(ctx: ReplyContext, student: BotStudent, lesson: Lesson) {
  return [attendButton(ctx, 'confirmed', student, lesson), attendButton(ctx, 'declined', student, lesson)];
}

/** The lesson a student's "next lesson" answer is about: the first ahead that can still be answered. */
export function answerableLesson<L extends Lesson & { student_id: number }>(
  lessons: readonly L[],
  studentId: number,
  now: number,
): L | undefined {
  return lessons.find((l) => l.student_id === studentId && attendanceOpen(l, now));
}

export interface NextLessonsInput {
  students: readonly BotStudent[];
  lessons: readonly NextLesson[];
  answers: ReadonlyMap<string, AttendanceAnswer>;
  /** A parent's answer names each child; a student's own does not. */
  showNames: boolean;
}

export const answerKey = (studyId: number, studentId: number) => `${studyId}:${studentId}`;

/** /next: each student's next lessons with subject and teachers, their answer if any; buttons to answer the next one. */
export function nextLessonsReply(ctx: ReplyContext, input: NextLessonsInput): Reply {
  const { t, language } = ctx;
  const lines = [t('botDialog.next.title')];
  const buttons: BotKeyboard = [];
  for (const student of input.students) {
    lines.push('');
    if (input.showNames) lines.push(student.firstname);
    const own = input.lessons.filter((l) => l.student_id === student.id);
    if (own.length === 0) lines.push(`• ${t('botDialog.next.none')}`);
    for (const lesson of own) {
      const answer = input.answers.get(answerKey(lesson.id, student.id));
      const parts = [lessonSpan(lesson, language), subjectOf(lesson), teachersOf(lesson.teachers)]
        .filter(Boolean)
        .join(' · ');
      lines.push(`• ${parts}${answer ? ` — ${t(`botDialog.next.${answer}`)}` : ''}`);
    }
    const next = answerableLesson(own, student.id, ctx.now);
    if (next) buttons.push(attendRow(ctx, student, next));
  }
  buttons.push(menuRow(ctx));
  return { text: lines.join('\n'), buttons };
}

/** /paid: per student, each package with lessons ahead: planned, paid of them, paid until. */
export function paidReply(
  ctx: ReplyContext,
  students: readonly BotStudent[],
  packages: readonly BotPackage[],
  showNames: boolean,
): Reply {
  const { t, language } = ctx;
  const lines = [t('botDialog.paid.title')];
  for (const student of students) {
    lines.push('');
    if (showNames) lines.push(student.firstname);
    const own = packages.filter((p) => p.student_id === student.id);
    if (own.length === 0) lines.push(`• ${t('botDialog.paid.none')}`);
    for (const p of own) {
      const label = [subjectOf(p), teachersOf(p.teachers)].filter(Boolean).join(', ');
      const figures = [t('botDialog.paid.line', { upcoming: p.upcoming, paid: p.paid_upcoming })];
      if (p.paid_until) figures.push(t('botDialog.paid.until', { date: lessonTime(p.paid_until, language) }));
      lines.push(`• ${label ? `${label}: ` : ''}${figures.join(', ')}`);
    }
  }
  return withMenu(ctx, lines.join('\n'));
}

/** A typed /confirm or /decline with several lessons to choose from (a parent of two): one button each. */
export function pickLessonReply(
  ctx: ReplyContext,
  answer: AttendanceAnswer,
  targets: ReadonlyArray<{ student: BotStudent; lesson: Lesson }>,
): Reply {
  const text = ctx.t(
    answer === 'confirmed' ? 'botDialog.attendance.pickConfirm' : 'botDialog.attendance.pickDecline',
  );
  return {
    text,
    buttons: [
      ...targets.map(({ student, lesson }) => [attendButton(ctx, answer, student, lesson)]),
      menuRow(ctx),
    ],
  };
}

export function recordedReply(
  ctx: ReplyContext,
  answer: AttendanceAnswer,
  student: BotStudent,
  lesson: Pick<Lesson, 'start'>,
): Reply {
  return withMenu(
    ctx,
    ctx.t(`botDialog.attendance.${answer}`, {
      name: student.firstname,
      when: lessonTime(lesson.start, ctx.language),
    }),
  );
}

/** The lesson moved after the button was sent: where it is now, and buttons for the new time. */
export function movedReply(ctx: ReplyContext, student: BotStudent, lesson: Lesson): Reply {
  const text = ctx.t('botDialog.attendance.moved', { when: lessonTime(lesson.start, ctx.language) });
  return { text, buttons: [attendRow(ctx, student, lesson), menuRow(ctx)] };
}
