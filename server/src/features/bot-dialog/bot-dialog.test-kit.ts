import type { Knex } from 'knex';
import { DateTime } from 'luxon';
import { ROLE, TIME_ZONE, type MessengerType } from '@school/shared/domain';
import { addStudy, addUser, kyivDay } from '../studies/scheduling.test-kit.js';
import { viberSignature, waitFor, type BotsServer } from '../messenger-bots/fake-bot-servers.test-kit.js';
import type { FakeRequest } from '../messenger-bots/fake-telegram.test-kit.js';

/**
 * The two-way bot's tests: two families and their lessons, chats bound to them, and a chat's side
 * of the conversation (what the user sends through the webhooks, what the bot answers on the fakes).
 */

export interface Family {
  teacher: number;
  otherTeacher: number;
  parent: number;
  /** Аня: a package of 4 (one past), 2 paid: 1 of the 3 ahead is paid. Математика with Тарас Іванович. */
  anna: number;
  /** Богдан: a package of 2 ahead, nothing paid. Англійська мова with Олена Петрівна. */
  bohdan: number;
  strangerParent: number;
  /** The other family's child: Шахи with Олена Петрівна. */
  stranger: number;
  annaPackage: number;
  bohdanPackage: number;
  strangerPackage: number;
  /** Аня's lessons ahead, in order; Богдан's; the stranger's. */
  annaLessons: number[];
  bohdanLessons: number[];
  strangerLessons: number[];
}

async function person(knex: Knex, role: number, firstname: string, patronymic: string | null = null) {
  const id = await addUser(knex, role, firstname);
  await knex('users').where({ id }).update({ patronymic });
  return id;
}

async function lessonPackage(
  knex: Knex,
  student: number,
  payer: number,
  disciplineId: number,
  price: number,
  paid: number,
) {
  const [contract] = await knex('contracts')
    .insert({ student_id: student, payer_id: payer, discipline_id: disciplineId })
    .returning('id');
  const [sub] = await knex('subscriptions')
    .insert({ contract_id: contract.id, price_per_study: price, studies_template_type_id: 1 })
    .returning('id');
  if (paid > 0)
    await knex('invoices').insert({ subscription_id: sub.id, amount: paid, payed_at: new Date() });
  return sub.id as number;
}

async function lessons(knex: Knex, starts: DateTime[], users: number[], subscriptionId: number) {
  const ids: number[] = [];
  for (const start of starts) {
    const id = await addStudy(knex, start, users, { subscriptionId });
    await knex('studies').where({ id }).update({ type_id: 1 });
    ids.push(id);
  }
  return ids;
}

/** Lessons days ahead at whole Kyiv hours. `teacher`: an existing user to teach Аня (a signed-in one). */
export async function createFamilies(
  knex: Knex,
  opts: { hourBase?: number; teacher?: number } = {},
): Promise<Family> {
  const hourBase = opts.hourBase ?? 9;
  const teacher = opts.teacher ?? (await person(knex, ROLE.Teacher, 'Тарас', 'Іванович'));
  if (opts.teacher)
    await knex('users').where({ id: teacher }).update({ firstname: 'Тарас', patronymic: 'Іванович' });
  const otherTeacher = await person(knex, ROLE.Teacher, 'Олена', 'Петрівна');
  const parent = await person(knex, ROLE.Responsible, 'Марія');
  const anna = await person(knex, ROLE.Student, 'Аня');
  const bohdan = await person(knex, ROLE.Student, 'Богдан');
  const strangerParent = await person(knex, ROLE.Responsible, 'Сусідка');
  const stranger = await person(knex, ROLE.Student, 'Чужинець');
  await knex('user_responsibles').insert([
    { child_id: anna, responsible_id: parent },
    { child_id: bohdan, responsible_id: parent },
    { child_id: stranger, responsible_id: strangerParent },
  ]);
  // Disciplines of the demo catalogue: 1 Математика, 3 Англійська мова, 13 Шахи.
  const annaPackage = await lessonPackage(knex, anna, parent, 1, 30000, 60000);
  const bohdanPackage = await lessonPackage(knex, bohdan, parent, 3, 25000, 0);
  const strangerPackage = await lessonPackage(knex, stranger, strangerParent, 13, 20000, 100000);
  await lessons(knex, [kyivDay(-2, hourBase)], [teacher, anna], annaPackage);
  const annaLessons = await lessons(
    knex,
    [1, 3, 5].map((d) => kyivDay(d, hourBase)),
    [teacher, anna],
    annaPackage,
  );
  const bohdanLessons = await lessons(
    knex,
    [2, 4].map((d) => kyivDay(d, hourBase + 2)),
    [otherTeacher, bohdan],
    bohdanPackage,
  );
  const strangerLessons = await lessons(
    knex,
    [1, 2].map((d) => kyivDay(d, hourBase + 4)),
    [otherTeacher, stranger],
    strangerPackage,
  );
  return {
    teacher,
    otherTeacher,
    parent,
    anna,
    bohdan,
    strangerParent,
    stranger,
    annaPackage,
    bohdanPackage,
    strangerPackage,
    annaLessons,
    bohdanLessons,
    strangerLessons,
  };
}

/** Binds a chat to a user as the connect flow does (the live chat id and the connection's language). */
export async function bindChat(
  knex: Knex,
  userId: number,
  messenger: MessengerType,
  chatId: string,
  language: string,
) {
  await knex('users')
    .where({ id: userId })
    .update({ [`${messenger}_id`]: chatId });
  await knex('bot_connections').insert({ user_id: userId, messenger, external_id: chatId, language });
}

let eventSeq = Date.now() % 1_000_000_000;

export interface BotReply {
  text: string;
  /** [[{ text, data }]] as sent: Telegram's inline keyboard or Viber's keyboard (one row per Viber row of buttons). */
  buttons: Array<Array<{ text: string; data: string }>>;
  request: FakeRequest;
}

/** What the fakes received for a chat: Telegram sendMessage / Viber send_message to that receiver. */
export function repliesTo(srv: BotsServer, messenger: MessengerType, chatId: string): BotReply[] {
  if (messenger === 'telegram') {
    return srv.telegram.requests
      .filter((r) => r.path.endsWith('/sendMessage') && r.body?.chat_id === chatId)
      .map((r) => ({
        text: r.body.text,
        buttons: (r.body.reply_markup?.inline_keyboard ?? []).map(
          (row: Array<{ text: string; callback_data: string }>) =>
            row.map((b) => ({ text: b.text, data: b.callback_data })),
        ),
        request: r,
      }));
  }
  return srv.viber.requests
    .filter((r) => r.path.endsWith('/send_message') && r.body?.receiver === chatId)
    .map((r) => {
      const rows: Array<Array<{ text: string; data: string }>> = [];
      let width = 0;
      for (const b of (r.body.keyboard?.Buttons ?? []) as Array<{
        Columns: number;
        Text: string;
        ActionBody: string;
      }>) {
        if (width === 0 || width + b.Columns > 6) {
          rows.push([]);
          width = 0;
        }
        rows[rows.length - 1]!.push({ text: b.Text, data: b.ActionBody });
        width += b.Columns;
      }
      return { text: r.body.text, buttons: rows, request: r };
    });
}

export async function postTelegram(
  srv: BotsServer,
  body: unknown,
  secret = srv.config.TELEGRAM_WEBHOOK_SECRET!,
) {
  const res = await fetch(`${srv.url}/api/bots/telegram/webhook`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Telegram-Bot-Api-Secret-Token': secret },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return res.status;
}

export async function postViber(srv: BotsServer, body: unknown) {
  const raw = typeof body === 'string' ? body : JSON.stringify(body);
  const res = await fetch(`${srv.url}/api/bots/viber/webhook`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Viber-Content-Signature': viberSignature(raw) },
    body: raw,
  });
  return res.status;
}

/** A chat's user sending text, or pressing a button (Telegram: callback_query; Viber: the button's body as a message). */
export function chatSends(srv: BotsServer, messenger: MessengerType, chatId: string, language: string) {
  const send = async (text: string, pressed: boolean) => {
    eventSeq += 1;
    if (messenger === 'telegram') {
      const from = { id: Number(chatId), language_code: language };
      const body = pressed
        ? {
            update_id: eventSeq,
            callback_query: {
              id: `cb-${eventSeq}`,
              from,
              message: { message_id: 1, chat: { id: Number(chatId), type: 'private' } },
              data: text,
            },
          }
        : {
            update_id: eventSeq,
            message: { message_id: eventSeq, chat: { id: Number(chatId), type: 'private' }, from, text },
          };
      return postTelegram(srv, body);
    }
    return postViber(srv, {
      event: 'message',
      timestamp: Date.now(),
      message_token: eventSeq,
      sender: { id: chatId, name: 'Family', language },
      message: { type: 'text', text },
    });
  };
  return {
    text: (text: string) => send(text, false),
    press: (data: string) => send(data, true),
  };
}

/** Sends, then waits for the bot's next answer in that chat. */
export async function ask(
  srv: BotsServer,
  messenger: MessengerType,
  chatId: string,
  language: string,
  input: { text?: string; press?: string },
) {
  const before = repliesTo(srv, messenger, chatId).length;
  const chat = chatSends(srv, messenger, chatId, language);
  const status =
    input.press !== undefined ? await chat.press(input.press) : await chat.text(input.text ?? '');
  if (status !== 200) throw new Error(`webhook answered ${status}`);
  await waitFor(() => repliesTo(srv, messenger, chatId).length > before, 10_000);
  return repliesTo(srv, messenger, chatId)[before]!;
}

/** Every button's data of a reply, flat. */
export const buttonData = (reply: BotReply) => reply.buttons.flat().map((b) => b.data);

/** i18next's interpolation, for expected texts. */
export const fill = (template: string, params: Record<string, string | number>) =>
  Object.entries(params).reduce((text, [k, v]) => text.replaceAll(`{{${k}}}`, String(v)), template);

export const lessonStart = async (knex: Knex, id: number) =>
  (await knex('studies').where({ id }).first('start')).start as Date;

/** "пн 12.05 10:00": how the bot names a lesson's start (Kyiv time, the chat's language). */
export const lessonWhen = async (knex: Knex, id: number, language: string) =>
  DateTime.fromJSDate(await lessonStart(knex, id))
    .setZone(TIME_ZONE)
    .setLocale(language)
    .toFormat('ccc dd.MM HH:mm');

/** The data of the bot's answer button for a lesson as it is now. */
export const answerButton = async (knex: Knex, answer: 'c' | 'd', study: number, student: number) =>
  `a:${answer}:${study}:${student}:${Math.floor((await lessonStart(knex, study)).getTime() / 1000)}`;
