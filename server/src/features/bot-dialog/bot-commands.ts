import type { AttendanceAnswer } from '@school/shared/rules';

/**
 * What a chat asks the two-way bot, read from typed text (commands and words in Ukrainian and
 * Russian) or from a pressed button's data. Pure: docs/bots.md lists the commands.
 */
export type BotCommand =
  | { kind: 'help' }
  | { kind: 'next' }
  | { kind: 'paid' }
  /** Typed: the next lesson of each of the chat's students. */
  | { kind: 'attend'; answer: AttendanceAnswer }
  /** A button: one lesson of one student, as it was when the button was sent. */
  | {
      kind: 'attendLesson';
      answer: AttendanceAnswer;
      studyId: number;
      studentId: number;
      startSeconds: number;
    }
  | { kind: 'unknown' };

/** Phrases by command; a message is a command when, normalised, it is one of them. */
const PHRASES: ReadonlyArray<readonly [BotCommand, readonly string[]]> = [
  [
    { kind: 'help' },
    ['/start', '/help', '/menu', 'help', 'menu', 'start', 'допомога', 'меню', 'привіт', 'помощь', 'привет'],
  ],
  [
    { kind: 'next' },
    [
      '/next',
      'next',
      'розклад',
      'заняття',
      'наступні заняття',
      'найближчі заняття',
      'уроки',
      'расписание',
      'занятия',
      'следующие занятия',
      'ближайшие занятия',
    ],
  ],
  [
    { kind: 'paid' },
    [
      '/paid',
      'paid',
      'оплата',
      'оплачено',
      'оплачені',
      'оплачені заняття',
      'абонемент',
      'абонементи',
      'оплаченные',
      'оплаченные занятия',
      'абонементы',
    ],
  ],
  [
    { kind: 'attend', answer: 'confirmed' },
    ['/confirm', 'confirm', 'прийду', 'буду', 'підтверджую', 'приду', 'подтверждаю'],
  ],
  [
    { kind: 'attend', answer: 'declined' },
    ['/decline', 'decline', 'не прийду', 'не буду', 'не приду', 'пропущу'],
  ],
];

const BY_PHRASE = new Map<string, BotCommand>(
  PHRASES.flatMap(([command, phrases]) => phrases.map((p) => [p, command] as const)),
);

/** Lower case, ё as е, no surrounding punctuation or emoji, single spaces; `/cmd@bot` is `/cmd`. */
export function normalise(text: string): string {
  return text
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(/[’ʼ`]/g, "'")
    .replace(/[^\p{L}\p{N}\s/'@_-]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^(\/[a-z_]+)@[a-z0-9_]+/, '$1');
}

const MENU = { next: 'm:next', paid: 'm:paid', help: 'm:help' } as const;
export const MENU_DATA = MENU;

const ANSWER_CODE: Record<AttendanceAnswer, string> = { confirmed: 'c', declined: 'd' };
const BUTTON = /^a:([cd]):(\d{1,10}):(\d{1,10}):(\d{1,12})$/;

/** A button's data: `a:<c|d>:<study>:<student>:<start, epoch seconds>` (under Telegram's 64 bytes). */
export function attendButtonData(
  answer: AttendanceAnswer,
  studyId: number,
  studentId: number,
  startSeconds: number,
): string {
  return `a:${ANSWER_CODE[answer]}:${studyId}:${studentId}:${startSeconds}`;
}

export function parseCommand(input: string): BotCommand {
  const raw = input.trim();
  const button = BUTTON.exec(raw);
  if (button) {
    const [studyId, studentId, startSeconds] = [Number(button[2]), Number(button[3]), Number(button[4])];
    if (
      Number.isSafeInteger(studyId) &&
      Number.isSafeInteger(studentId) &&
      studyId > 0 &&
      studentId > 0 &&
      studyId <= 2 ** 31 - 1 &&
      studentId <= 2 ** 31 - 1
    ) {
      return {
        kind: 'attendLesson',
        answer: button[1] === 'c' ? 'confirmed' : 'declined',
        studyId,
        studentId,
        startSeconds,
      };
    }
    return { kind: 'unknown' };
  }
  if (raw === MENU.next) return { kind: 'next' };
  if (raw === MENU.paid) return { kind: 'paid' };
  if (raw === MENU.help) return { kind: 'help' };
  const text = normalise(raw);
  const exact = BY_PHRASE.get(text);
  if (exact) return exact;
  // A slash command may carry words after it (`/start <token>` of a used link): the command counts.
  const first = text.split(' ')[0] ?? '';
  if (first.startsWith('/')) return BY_PHRASE.get(first) ?? { kind: 'unknown' };
  return { kind: 'unknown' };
}
