import { DateTime } from 'luxon';
import type { Rng } from './prng.js';
import type { People } from './demo-people.js';
import type { Timetable } from './demo-timetable.js';

/** What teaching leaves behind: reports, homework, messages, evaluations, moves, notes, bots. */

export interface Content {
  reports: Array<Record<string, unknown>>;
  tasks: Array<Record<string, unknown>>;
  messages: Array<Record<string, unknown>>;
  evaluations: Array<Record<string, unknown>>;
  dateChanges: Array<Record<string, unknown>>;
  notes: Array<Record<string, unknown>>;
  botConnections: Array<Record<string, unknown>>;
  messengerTokens: Array<Record<string, unknown>>;
}

const subjects = [
  'Дроби та відсотки',
  'Present Perfect',
  'Рівняння з однією змінною',
  'Читання та переказ тексту',
  'Закони Ньютона',
  'Шахові дебюти',
  'Тема: лексика «Подорожі»',
  'Підготовка до НМТ: геометрія',
];
const sentences = [
  'Учень активно працював протягом усього заняття та виконав усі вправи без підказок.',
  'Повторили матеріал попередньої теми і розібрали типові помилки з домашнього завдання.',
  'Варто приділити більше уваги самостійній роботі та регулярному повторенню нових слів.',
  'Темп роботи хороший, але іноді бракує уважності під час обчислень і перевірки відповіді.',
  'Наступного разу плануємо перейти до складніших задач і закріпити вивчені правила.',
  'Домашнє завдання виконане частково, рекомендовано доопрацювати другу половину вправ.',
  'Дитина охоче відповідає на запитання, впевнено пояснює хід розв’язання своїми словами.',
];
const chat = [
  'Добрий день! Домашнє завдання завантажила.',
  'Дякую, перевірю до наступного заняття.',
  'Чи можна сьогодні почати на 10 хвилин пізніше?',
  'Так, без проблем.',
  'Не забудьте підготувати зошит із минулої теми.',
  'Дякуємо за заняття!',
];

export function reportText(rng: Rng): string {
  let text = '';
  // The report form requires at least 170 characters.
  while (text.length < 200) text += (text ? ' ' : '') + rng.pick(sentences);
  return text;
}

export function planContent(rng: Rng, people: People, tt: Timetable, now: DateTime): Content {
  const c: Content = {
    reports: [],
    tasks: [],
    messages: [],
    evaluations: [],
    dateChanges: [],
    notes: [],
    botConnections: [],
    messengerTokens: [],
  };
  const parentsOf = new Map(people.students.map((s) => [s.id, s.parentIds]));
  const demoStudent = people.students[0].id;

  // A few moves with history, made before `now` (moves of student@ would break its "tomorrow").
  const movable = tt.studies.filter(
    (s) => s.studentIds.length === 1 && !s.trial && s.missStatus === 0 && !s.studentIds.includes(demoStudent),
  );
  let moved = 0;
  for (const s of rng.sample(movable, movable.length)) {
    if (moved >= 10) break;
    const before = s.start;
    const old = tt.tryMove(s, rng.pick([1, 2, -1]));
    if (!old) continue;
    const changedAt = DateTime.min(before, s.start, now).minus({ days: rng.int(1, 5) });
    c.dateChanges.push({
      study_id: s.id,
      start_old: old.toJSDate(),
      start_new: s.start.toJSDate(),
      initiated_by: rng.int(1, 3),
      changed_by: rng.pick(people.managerIds),
      change_comment: rng.pick(['Хвороба учня', 'Прохання батьків', 'Вчитель на конференції', null]),
      show_in_history: moved % 4 !== 3,
      created_at: changedAt.toJSDate(),
    });
    moved++;
  }

  const withHomework = new Set<number>();
  for (const s of tt.studies) {
    const past = s.end < now;
    const written = (minutes: number) =>
      DateTime.min(s.end.plus({ minutes }), now.minus({ minutes: 1 })).toJSDate();
    if (past && s.missStatus === 0) {
      for (const studentId of s.studentIds) {
        // ~15% of past studies lack a report: the calendar's "no report" notice needs some.
        if (rng.chance(0.85)) {
          c.reports.push({
            study_id: s.id,
            user_id: studentId,
            created_by: s.teacherUserId,
            subject: rng.pick(subjects),
            content: reportText(rng),
            created_at: written(rng.int(10, 600)),
            updated_at: written(rng.int(10, 600)),
          });
        }
      }
      if (s.studentIds.length > 0 && rng.chance(0.2)) {
        c.evaluations.push({
          study_id: s.id,
          score: rng.int(30, 100) / 10,
          report: reportText(rng),
          created_at: written(1440),
          updated_at: written(1440),
        });
      }
    }
    if (s.start < now.plus({ days: 7 }) && s.missStatus === 0) {
      for (const studentId of s.studentIds) {
        // ~30% of studies, but every student's first such study: whatever the moment the school is
        // seeded at, each student (the demo accounts too) has homework to show.
        const picked = rng.chance(0.3);
        if (!picked && withHomework.has(studentId)) continue;
        withHomework.add(studentId);
        const ext = rng.pick([
          ['pdf', 'application/pdf'],
          ['docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
          ['jpg', 'image/jpeg'],
        ]);
        c.tasks.push({
          study_id: s.id,
          user_id: studentId,
          creator_id: rng.chance(0.7) ? s.teacherUserId : studentId,
          file_name: `Домашнє завдання ${s.start.toFormat('dd.LL')}.${ext[0]}`,
          file_mime: ext[1],
          file_size: rng.int(20_000, 4_000_000),
          storage_key: `seed/study-tasks/${s.id}-${studentId}.${ext[0]}`,
          created_at: DateTime.min(s.start.minus({ days: rng.int(0, 3) }), now).toJSDate(),
        });
      }
    }
    if (s.studentIds.length > 0 && s.start < now && rng.chance(0.15)) {
      const authors = [s.teacherUserId, ...s.studentIds, ...(parentsOf.get(s.studentIds[0]) ?? [])];
      const count = rng.int(1, 3);
      for (let i = 0; i < count; i++) {
        c.messages.push({
          study_id: s.id,
          user_id: authors[i % authors.length],
          content: rng.pick(chat),
          created_at: DateTime.min(s.start.minus({ hours: 5 - i }), now).toJSDate(),
        });
      }
    }
  }

  const noteText = [
    'Віддає перевагу заняттям після обіду.',
    'Потребує додаткової уваги з граматики.',
    'Батьки просять щотижневий звіт у Viber.',
    'Готується до олімпіади.',
    'Має сертифікат CELTA.',
  ];
  for (const id of [...people.teacherIds.slice(0, 5), ...people.students.slice(0, 8).map((s) => s.id)]) {
    c.notes.push({
      user_id: id,
      content: rng.pick(noteText),
      created_by: people.managerIds[0],
      created_at: now.minus({ days: rng.int(5, 90) }).toJSDate(),
    });
  }
  return c;
}

/** Bot connections for a few users; sets users.viber_id / telegram_id to match. */
export function planBots(rng: Rng, people: People, now: DateTime, c: Content): void {
  const byId = new Map(people.users.map((u) => [u.id, u]));
  const connect = (userId: number, messenger: 'viber' | 'telegram') => {
    const user = byId.get(userId);
    if (!user) return;
    const externalId =
      messenger === 'telegram' ? String(rng.int(100_000_000, 999_999_999)) : `${code(rng)}==`;
    if (messenger === 'telegram') user.telegram_id = externalId;
    else user.viber_id = externalId;
    c.botConnections.push({
      user_id: userId,
      messenger,
      external_id: externalId,
      connected_at: now.minus({ days: rng.int(1, 60) }).toJSDate(),
    });
  };
  connect(people.students[0].id, 'telegram');
  connect(people.students[0].parentIds[0], 'viber');
  connect(people.teacherIds[0], 'telegram');
  for (const s of people.students.slice(3, 9))
    connect(s.parentIds[0], rng.chance(0.5) ? 'viber' : 'telegram');
  c.messengerTokens.push({
    user_id: people.students[1].id,
    token_type: 'telegram',
    created_at: now.minus({ days: 2 }).toJSDate(),
  });
}

function code(rng: Rng): string {
  const abc = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  let s = '';
  for (let i = 0; i < 22; i++) s += abc[rng.int(0, abc.length - 1)];
  return s;
}
