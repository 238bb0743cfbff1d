import type { MissStatus } from '@school/shared/domain';
import type { AttendanceMark, StudyAttendanceEntry } from '../../rules/study-attendance';

/**
 * Plain calendar data, shaped so FullCalendar accepts it as event input but declared here
 * without FullCalendar types: the mappers stay React- and FullCalendar-free and run in Node
 * tests, the family web and the staff app alike.
 */

/** A study participant as GET api/studies?with[]=users&with[]=users.classes answers it. */
export interface CalendarStudyUser {
  id: number;
  firstname: string;
  surname: string | null;
  patronymic: string | null;
  full_name: string;
  role_id?: number;
  role?: { id: number; name: string } | null;
  classes?: { id: number; number: number }[];
  /** Pivot columns of study_user (role snapshot, package). */
  pivot?: { role_id?: number | null; subscription_id?: number | null } | null;
}

export interface CalendarStudyReport {
  id: number;
  user_id: number;
  subject?: string | null;
}

/** The study fields and flags the calendar reads (spec part 1 §3, §7). */
export interface CalendarStudy {
  id: number;
  start: string;
  end: string;
  type_id: number;
  trial: boolean;
  comment: string | null;
  miss_status: MissStatus | number;
  users?: CalendarStudyUser[];
  reports?: CalendarStudyReport[];
  recordings_count?: number;
  subscriptions_count?: number;
  isPaid?: boolean;
  isLast?: boolean;
  isBonus?: boolean;
  studyReportCheck?: boolean;
  isNoReport?: boolean;
  /** A chat message from the other side (family or school) the signed-in user has not read. */
  hasUnreadMessages?: boolean;
  /** The families' answers from the bot for this start (staff calendar: `select[]=attendance`). */
  attendance?: StudyAttendanceEntry[] | null;
  /** The row's version (staff calendar): the If-Match of a comment or miss status save. */
  updated_at?: string;
}

/** Colour kinds of spec part 1 §2 "Event colours", most telling first. */
export type StudyColorKind =
  'reserved' | 'trial' | 'noSubscriptions' | 'last' | 'bonus' | 'unpaid' | 'default';

export type StudyMarker = 'last' | 'trial' | 'one';
export type StudyNotice = 'missingReport' | 'missingTopic' | 'missingRecording' | 'unreadMessages';

export interface DisplayPerson {
  id: number;
  name: string;
  /** Class numbers of a student, e.g. [5]. */
  classes: number[];
}

/** What an event shows, kept structured so each client renders it its own way. */
export interface StudyEventDisplay {
  audience: 'staff' | 'family';
  colorKind: StudyColorKind;
  /** Staff: student names with classes. Family: every participant but the teachers. */
  students: DisplayPerson[];
  /** Teachers by first name and patronymic (family display). */
  teachers: string[];
  markers: StudyMarker[];
  notices: StudyNotice[];
  hasComment: boolean;
  reserved: boolean;
  /** Study type name (family display), when the caller knows the catalogue. */
  typeName: string | null;
  /** Staff: the families' answer from the bot (a small mark on the event). */
  attendance: AttendanceMark | null;
}

export interface StudyEventProps {
  kind: 'study';
  studyId: number;
  display: StudyEventDisplay;
}

export type BackgroundKind = 'work' | 'off' | 'offWarning';

export interface BackgroundEventProps {
  kind: BackgroundKind;
}

export interface CalendarEventData<P = StudyEventProps | BackgroundEventProps> {
  id: string;
  title: string;
  /** ISO 8601 with the Kyiv offset. */
  start: string;
  end: string;
  allDay?: boolean;
  display?: 'auto' | 'background';
  groupId?: string;
  classNames: string[];
  backgroundColor?: string;
  borderColor?: string;
  textColor?: string;
  extendedProps: P;
}

export type StudyEventData = CalendarEventData<StudyEventProps>;
export type BackgroundEventData = CalendarEventData<BackgroundEventProps>;

/** A translation function such as i18next's `t`. */
export type CalendarTranslate = (key: string, params?: Record<string, unknown>) => string;
