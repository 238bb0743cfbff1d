import { CALENDAR, MISS_STATUS, ROLE, STUDY_REPORT, inRoleGroup } from '@school/shared/domain';
import { kyivWallToMillis, type Instant } from '../../rules/calendar-window';
import { attendanceMark } from '../../rules/study-attendance';
import type {
  CalendarStudy,
  CalendarStudyUser,
  CalendarTranslate,
  DisplayPerson,
  StudyColorKind,
  StudyEventData,
  StudyEventDisplay,
  StudyMarker,
  StudyNotice,
} from './calendar-event.types';
import { instantMs, kyivClock } from './zone-clock';

/**
 * API studies -> calendar events (spec part 1 §2 "Event colours", staff and family displays).
 * Pure: the caller passes `now` and the translation function, so the same input always maps to
 * the same events (unit tests, the family web and the staff app share it).
 */

/** Event colours: Blueprint's palette values, inlined so the family web needs no Blueprint. */
export const STUDY_COLORS: Readonly<Record<StudyColorKind, string>> = {
  default: '#2d72d2',
  unpaid: '#5f6b7c',
  last: '#cd4246',
  noSubscriptions: '#c87619',
  trial: '#238551',
  bonus: '#7961db',
  reserved: '#404854',
};

/** A participant's role in this study: the pivot snapshot wins over the user's current role. */
export function participantRoleId(user: CalendarStudyUser): number | undefined {
  return user.pivot?.role_id ?? user.role?.id ?? user.role_id;
}

const isRole = (roleId: number) => (user: CalendarStudyUser) => participantRoleId(user) === roleId;
export const studentsOf = (study: CalendarStudy) => (study.users ?? []).filter(isRole(ROLE.Student));
export const teachersOf = (study: CalendarStudy) =>
  (study.users ?? []).filter((u) => inRoleGroup('teaching', participantRoleId(u)));

/** A Manager among the participants holds the slot: the event reads "Time Reserved". */
export function isReserved(study: CalendarStudy): boolean {
  return (study.users ?? []).some(isRole(ROLE.Manager));
}

/**
 * A student of the study is on no package: read from the participant's pivot (every role that
 * sees the study gets it), else from subscriptions_count (which only package readers may ask for).
 */
export function withoutSubscription(study: CalendarStudy): boolean {
  const students = studentsOf(study);
  if (students.some((s) => s.pivot && 'subscription_id' in s.pivot)) {
    return students.some((s) => s.pivot?.subscription_id == null);
  }
  return students.length > 0 && study.subscriptions_count === 0;
}

/**
 * Colour precedence, most telling first: a reserved slot is not a lesson at all; a trial has no
 * package by nature, so "no subscriptions" would be noise there; a student without a package
 * must be sold one before "last" or "unpaid" matter; bonus studies are free, so "unpaid" does
 * not apply to them.
 */
export function studyColorKind(study: CalendarStudy): StudyColorKind {
  if (isReserved(study)) return 'reserved';
  if (study.trial) return 'trial';
  const students = studentsOf(study);
  const hasStudents = students.length > 0;
  if (hasStudents && withoutSubscription(study)) return 'noSubscriptions';
  if (study.isLast) return 'last';
  if (study.isBonus) return 'bonus';
  if (hasStudents && study.isPaid === false) return 'unpaid';
  return 'default';
}

/** Minutes of the Kyiv wall clock plus weekday: the key of a weekly series. */
function weeklyKey(studentId: number, startMs: number): string {
  const local = new Date(startMs + kyivClock.offsetAt(startMs) * 60_000);
  return `${studentId}:${local.getUTCDay()}:${local.getUTCHours() * 60 + local.getUTCMinutes()}`;
}

const ONE_OFF_WINDOW_MS = CALENDAR.futureStudyLookbackDays * 86_400_000;

/**
 * Ids of one-off studies ("One!"): a non-trial study whose student has no other study on the
 * same weekday and start time within 30 days before or after it, i.e. not part of a weekly
 * series. Only the loaded studies are compared (the calendar loads 60 days back and all ahead).
 */
export function oneOffStudyIds(studies: readonly CalendarStudy[]): Set<number> {
  const series = new Map<string, number[]>();
  const keyed = studies.map((study) => {
    const start = instantMs(study.start);
    const students = studentsOf(study).map((student) => weeklyKey(student.id, start));
    for (const key of students) {
      const starts = series.get(key);
      if (starts) starts.push(start);
      else series.set(key, [start]);
    }
    return { study, start, keys: students };
  });
  const out = new Set<number>();
  for (const { study, start, keys } of keyed) {
    if (study.trial || keys.length === 0) continue;
    const alone = keys.every((key) =>
      (series.get(key) ?? []).every(
        (other) => other === start || Math.abs(other - start) > ONE_OFF_WINDOW_MS,
      ),
    );
    if (alone) out.add(study.id);
  }
  return out;
}

// A Kyiv date (yyyy-MM-dd): its midnight.
const [noticeYear = 0, noticeMonth = 1, noticeDay = 1] = CALENDAR.missingRecordingNoticeFrom
  .split('-')
  .map(Number);
const missingRecordingFrom = kyivWallToMillis(noticeYear, noticeMonth, noticeDay);

/**
 * Notices on ended studies that still need the teacher's work (none when a miss status is set:
 * reports and recordings are blocked then, spec part 1 §4):
 * - missing report: the server's isNoReport, or (older servers) no report at all;
 * - missing topic: a report whose subject (the lesson topic) is blank or shorter than the
 *   report form's minimum, which only rows written before that rule can have;
 * - missing recording: no recording on a study from 14 July 2025 on.
 */
export function studyNotices(study: CalendarStudy, now: Instant): StudyNotice[] {
  const ended = instantMs(study.end) <= instantMs(now);
  if (!ended || study.miss_status !== MISS_STATUS.None || isReserved(study)) return [];
  const notices: StudyNotice[] = [];
  const reports = study.reports ?? [];
  const noReport =
    study.isNoReport ??
    (study.studyReportCheck === false || (study.reports !== undefined && reports.length === 0));
  if (noReport && studentsOf(study).length > 0) notices.push('missingReport');
  if (
    reports.some((r) => typeof r.subject === 'string' && r.subject.trim().length < STUDY_REPORT.subjectMin)
  ) {
    notices.push('missingTopic');
  }
  if (instantMs(study.start) >= missingRecordingFrom && study.recordings_count === 0)
    notices.push('missingRecording');
  return notices;
}

export function studyMarkers(study: CalendarStudy, oneOff: ReadonlySet<number>): StudyMarker[] {
  const markers: StudyMarker[] = [];
  if (study.isLast) markers.push('last');
  if (study.trial) markers.push('trial');
  if (oneOff.has(study.id)) markers.push('one');
  return markers;
}

const person = (user: CalendarStudyUser): DisplayPerson => ({
  id: user.id,
  name: user.full_name,
  classes: (user.classes ?? []).map((c) => c.number).sort((a, b) => a - b),
});

/** "Тарас Іванович": how children address a teacher. */
export function teacherAddress(user: Pick<CalendarStudyUser, 'firstname' | 'patronymic'>): string {
  return [user.firstname, user.patronymic].filter((part) => part && part.trim()).join(' ');
}

export interface MapStudiesOptions {
  audience: 'staff' | 'family';
  now: Instant;
  t: CalendarTranslate;
  /** Study type names by id (family display). */
  typeNames?: ReadonlyMap<number, string>;
}

export const MARKER_KEYS: Readonly<Record<StudyMarker, string>> = {
  last: 'calendar.markers.last',
  trial: 'calendar.markers.trial',
  one: 'calendar.markers.one',
};

export const ATTENDANCE_MARK_KEYS = {
  confirmed: 'calendarUi.attendance.markConfirmed',
  declined: 'calendarUi.attendance.markDeclined',
} as const;

export const NOTICE_KEYS: Readonly<Record<StudyNotice, string>> = {
  missingReport: 'calendarUi.notices.missingReport',
  missingTopic: 'calendarUi.notices.missingTopic',
  missingRecording: 'calendarUi.notices.missingRecording',
  unreadMessages: 'calendarUi.notices.unreadMessages',
};

const PAPERCLIP = '\u{1F4CE}';

export function formatPerson(p: DisplayPerson): string {
  return p.classes.length > 0 ? `${p.name} (${p.classes.join(', ')})` : p.name;
}

/** The one-line title (tooltips, screen readers, list views); the grid renders `display`. */
export function studyTitle(display: StudyEventDisplay, t: CalendarTranslate): string {
  if (display.reserved) return t('calendar.timeReserved');
  if (display.audience === 'family') {
    const parts = [
      display.typeName,
      display.students.map((s) => s.name).join(', '),
      display.teachers.join(', '),
    ];
    parts.push(...display.notices.map((n) => t(NOTICE_KEYS[n])));
    return parts.filter(Boolean).join(' · ');
  }
  const parts = [display.students.map(formatPerson).join(', ')];
  parts.push(...display.markers.map((m) => t(MARKER_KEYS[m])));
  if (display.hasComment) parts.push(PAPERCLIP);
  if (display.attendance) parts.push(t(ATTENDANCE_MARK_KEYS[display.attendance]));
  parts.push(...display.notices.map((n) => t(NOTICE_KEYS[n])));
  return parts.filter(Boolean).join(' ');
}

export function mapStudyToEvent(
  study: CalendarStudy,
  options: MapStudiesOptions,
  oneOff: ReadonlySet<number> = new Set(),
): StudyEventData {
  const colorKind = studyColorKind(study);
  const reserved = colorKind === 'reserved';
  const family = options.audience === 'family';
  const display: StudyEventDisplay = {
    audience: options.audience,
    colorKind,
    students: (family
      ? (study.users ?? []).filter(
          (u) => !teachersOf(study).includes(u) && participantRoleId(u) !== ROLE.Manager,
        )
      : studentsOf(study)
    ).map(person),
    teachers: family ? teachersOf(study).map(teacherAddress) : [],
    // Families see neither the staff's markers nor their comments and to-dos.
    markers: family || reserved ? [] : studyMarkers(study, oneOff),
    // The staff's to-dos stay theirs; an unread message is news for both sides (each its own).
    notices: [
      ...(family ? [] : studyNotices(study, options.now)),
      ...(study.hasUnreadMessages ? (['unreadMessages'] as const) : []),
    ],
    hasComment: !family && Boolean(study.comment && study.comment.trim()),
    reserved,
    typeName: options.typeNames?.get(study.type_id) ?? null,
    // The answer is for the school to act on: families see their own answer in the bot.
    attendance: family || reserved ? null : attendanceMark(study.attendance),
  };
  const color = STUDY_COLORS[colorKind];
  return {
    id: `study-${study.id}`,
    title: studyTitle(display, options.t),
    start: kyivClock.iso(instantMs(study.start)),
    end: kyivClock.iso(instantMs(study.end)),
    classNames: ['study-event', `study-event--${colorKind}`],
    backgroundColor: color,
    borderColor: color,
    textColor: '#ffffff',
    extendedProps: { kind: 'study', studyId: study.id, display },
  };
}

export function mapStudiesToEvents(
  studies: readonly CalendarStudy[],
  options: MapStudiesOptions,
): StudyEventData[] {
  const oneOff = options.audience === 'staff' ? oneOffStudyIds(studies) : new Set<number>();
  return studies.map((study) => mapStudyToEvent(study, options, oneOff));
}
