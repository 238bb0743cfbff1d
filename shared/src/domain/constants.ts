/** Business constants of spec part 1 §9 and part 2 §9. Every number the spec names lives here once. */

export const TIME_ZONE = 'Europe/Kyiv';
/**
 * How dates and times are written for people (luxon and date-fns tokens alike): one spelling each,
 * so tables, forms, messages and documents agree. Lint refuses these literals anywhere else.
 */
export const DATE_FORMAT = 'dd.MM.yyyy';
export const TIME_FORMAT = 'HH:mm';
export const DATE_TIME_FORMAT = `${DATE_FORMAT} ${TIME_FORMAT}`;
/** A day of the current season in short messages (reminders): '05.03'. */
export const DAY_MONTH_FORMAT = 'dd.MM';
/** A study's start in its card and report heading: 'понеділок, 5 березня 2026, 10:00'. */
export const WEEKDAY_DATE_TIME_FORMAT = `cccc, d MMMM yyyy, ${TIME_FORMAT}`;
/** ISO weekday luxon uses for the first day of the week (Monday). */
export const WEEK_STARTS_ON = 1;

export const LANGUAGE_STORAGE_KEY = 'app:language';

export const PAGE_SIZES = [5, 15, 50, 100] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE: PageSize = 5;
/**
 * Rows of a calendar-style full list (a list call with neither page nor perpage), and ids in one
 * any-of filter (`filter[id]=1|2|…`). Clients read longer lists in several calls (whole-list.ts).
 */
export const FULL_LIST_CAP = 1000;

export const PROTECTED_USER_IDS: readonly number[] = [1];

export const PASSWORD_MIN_LENGTH = 8;

export const KILOBYTE = 1024;
export const HOMEWORK_MAX_KB = 8192;
export const HOMEWORK_MAX_BYTES = HOMEWORK_MAX_KB * KILOBYTE;
export const RECORDING_MAX_BYTES = 1073741824;
export const RECORDING_MAX_MB = RECORDING_MAX_BYTES / KILOBYTE / KILOBYTE;
export const RECORDING_MIME_PREFIX = 'video/';
/** Shorter videos are refused as `recordings.too_short` (a mis-click, not a lesson part): docs/domain-rules.md. */
export const RECORDING_MIN_DURATION_SECONDS = 5;
/** Parts one save may list (new, replacing and kept rows together). */
export const RECORDING_MAX_PARTS = 50;
export const RECORDING_FORMATS = [
  'MP4',
  'AVI',
  'MOV',
  'WMV',
  'FLV',
  'WebM',
  'MKV',
  'M4V',
  '3GP',
  'OGV',
] as const;

export const UPLOAD_PROGRESS = {
  capBeforeFinalize: 80,
  creepPerSecond: 1,
  maxBeforeDone: 99,
  done: 100,
} as const;

export const STUDIES_COUNT = { min: 1, max: 200, default: 8 } as const;
export const DEFAULT_PRICE_PER_STUDY = 30000;
export const DEFAULT_STUDY_TYPE_ID = 1;
export const DEFAULT_SLOT = { start_time: '10:00:00', duration: 60 } as const;
export const NEW_WORKPERIOD = { start_time: '00:00:00', duration: 60 } as const;
export const EUR_RATE_MIN = 0.0001;
export const EUR_DECIMALS = 2;

// A lesson fits in one day; without a bound a huge duration overflows the timestamps it makes.
export const STUDY_DURATION = { default: 60, min: 1, max: 1440 } as const;
/** The largest value of a PostgreSQL integer column (ids, prices in kopiykas). */
export const INT_COLUMN_MAX = 2_147_483_647;
/** smallint columns (studies_per_week). */
export const SMALLINT_COLUMN_MAX = 32_767;
export const STUDY_FORM_DEFAULTS = {
  duration: 60,
  trial: false,
  show_in_history: true,
  ignore_offperiods: false,
  miss_status: 0,
  type_id: DEFAULT_STUDY_TYPE_ID,
} as const;

/** Free-text notes on a study: long enough for any real note, short enough to keep pages light. */
export const STUDY_COMMENT_MAX = 5000;
export const CHANGE_COMMENT_MAX = 1000;
export const STUDY_REPORT = { subjectMin: 5, subjectMax: 255, contentMin: 170 } as const;

export const CONTRACT_DEFAULTS = { template_id: 42, end_at: '2025-12-31' } as const;
export const INVOICE_TEMPLATE = {
  defaultId: 1,
  fallbackId: 2,
  keepForContractTemplateIds: [17, 19, 21],
} as const;
export const STUDENT_CLASS = { min: 1, max: 11 } as const;

export const DEFAULT_PHONE_PREFIX = '380';
export const DEFAULT_PHONE_TYPE_ID = 1;

export const BIRTHDATE_PICKER_YEARS_BACK = 17;
export const TIME_PICKER_DEFAULT = '10:00';
export const MULTISELECT_MIN_SEARCH = 2;

export const TOAST_MS = { short: 10_000, medium: 15_000, long: 20_000 } as const;

export const CURRENCY = 'UAH';
export const MINOR_UNITS = 100;

export const CALENDAR = {
  /** Schedules ending within this many days back are loaded; work periods span this many days each way. */
  windowDays: 60,
  studiesLookbackDays: 60,
  offperiodWarningDays: 30,
  offperiodWarningDaysInTransfer: 0,
  futureStudyLookbackDays: 30,
  transferExtraDays: 4,
  newStudySlotMinutes: 60,
  timeCellHeight: 100,
  transferTimeCellHeight: 50,
  /** Studies starting on or after this Kyiv date get the missing-recording notice. */
  missingRecordingNoticeFrom: '2025-07-14',
} as const;

/** A Responsible may transfer a study only if at least this much time remains before its start. */
export const TRANSFER_MIN_LEAD_HOURS = 24;

export const LOGIN_THROTTLE = { maxAttempts: 5, windowSeconds: 60 } as const;

export const CHAT_DEFAULT_ROOM = 'test';
