import type { MessengerType } from '@school/shared/domain';
import { onFamilySide, readsThroughChildren } from '@school/shared/permissions';
import type { AttendanceAnswer } from '@school/shared/rules';
import { translatorFor } from '../../platform/i18n/request-i18n.js';
import type { Logger } from '../../platform/logging/logger.js';
import {
  type BotClient,
  type InboundMessage,
  type MessengerOutbox,
  recipientLanguage,
} from '../messenger-bots/index.js';
import type { StudyAttendanceService } from '../study-attendance/index.js';
import { parseCommand, type BotCommand } from './bot-commands.js';
import type { BotDialogRepository, BotStudent, ChatOwner } from './bot-dialog.repository.js';
import {
  answerableLesson,
  answerKey,
  helpReply,
  movedReply,
  nextLessonsReply,
  notConnectedReply,
  paidReply,
  pickLessonReply,
  recordedReply,
  withMenu,
  type Reply,
  type ReplyContext,
} from './bot-replies.js';

/**
 * The two-way bot (issue 18 point 5, docs/bots.md "The two-way bot"): a connected Student or
 * Responsible asks for the next lessons, the paid lessons left, and answers whether the next lesson
 * will be attended. Runs as the `messenger-inbound` job the webhook queued; every answer goes to the
 * asking chat only, through the outbox (retries, rate limits). Only the chat's own user's students
 * are ever read: themself, or a Responsible's children.
 */
export interface BotDialogDeps {
  repo: BotDialogRepository;
  outbox: MessengerOutbox;
  attendance: StudyAttendanceService;
  clients: Partial<Record<MessengerType, BotClient>>;
  logger: Logger;
  now?: () => number;
}

/** Lessons listed per student by /next. */
export const NEXT_LESSONS_PER_STUDENT = 5;

export function createBotDialogService(deps: BotDialogDeps) {
  const { repo } = deps;
  const now = deps.now ?? Date.now;
  const log = deps.logger.child({ component: 'bot-dialog' });

  async function studentsOf(owner: ChatOwner): Promise<BotStudent[]> {
    if (readsThroughChildren(owner.role_id)) return repo.childrenOf(owner.id);
    const self = await repo.student(owner.id);
    return self ? [self] : [];
  }

  async function nextLessons(ctx: ReplyContext, students: BotStudent[], showNames: boolean): Promise<Reply> {
    const ids = students.map((s) => s.id);
    const lessons = await repo.nextLessons(ids, new Date(ctx.now), NEXT_LESSONS_PER_STUDENT, ctx.language);
    const answers = new Map(
      (
        await deps.attendance.currentAnswers(
          lessons.map((l) => l.id),
          ids,
        )
      ).map((a) => [answerKey(a.study_id, a.student_id), a.answer] as const),
    );
    return nextLessonsReply(ctx, { students, lessons, answers, showNames });
  }

  /** A typed /confirm or /decline: the next answerable lesson of each student. */
  async function attendNext(
    ctx: ReplyContext,
    owner: ChatOwner,
    students: BotStudent[],
    answer: AttendanceAnswer,
    messenger: MessengerType,
  ): Promise<Reply> {
    const lessons = await repo.nextLessons(
      students.map((s) => s.id),
      new Date(ctx.now),
      NEXT_LESSONS_PER_STUDENT,
      ctx.language,
    );
    const targets = students.flatMap((student) => {
      const lesson = answerableLesson(lessons, student.id, ctx.now);
      return lesson ? [{ student, lesson }] : [];
    });
    if (targets.length === 0) return withMenu(ctx, ctx.t('botDialog.attendance.none'));
    if (targets.length > 1) return pickLessonReply(ctx, answer, targets);
    const [{ student, lesson }] = targets as [(typeof targets)[number]];
    const outcome = await deps.attendance.answer({
      studyId: lesson.id,
      studentId: student.id,
      answer,
      answeredBy: owner.id,
      messenger,
    });
    return outcomeReply(ctx, answer, student, outcome);
  }

  function outcomeReply(
    ctx: ReplyContext,
    answer: AttendanceAnswer,
    student: BotStudent,
    outcome: Awaited<ReturnType<StudyAttendanceService['answer']>>,
  ): Reply {
    switch (outcome.kind) {
      case 'recorded':
        return recordedReply(ctx, answer, student, outcome.study);
      case 'moved':
        return movedReply(ctx, student, { ...outcome.study, miss_status: 0 });
      default:
        return withMenu(ctx, ctx.t(`botDialog.attendance.${outcome.kind}`));
    }
  }

  async function reply(
    ctx: ReplyContext,
    owner: ChatOwner,
    command: BotCommand,
    messenger: MessengerType,
  ): Promise<Reply> {
    if (command.kind === 'help' || command.kind === 'unknown')
      return helpReply(ctx, command.kind === 'unknown');
    if (!onFamilySide(owner.role_id)) return withMenu(ctx, ctx.t('botDialog.notForRole'));
    const students = await studentsOf(owner);
    if (students.length === 0) return withMenu(ctx, ctx.t('botDialog.noStudents'));
    const showNames = readsThroughChildren(owner.role_id);
    switch (command.kind) {
      case 'next':
        return nextLessons(ctx, students, showNames);
      case 'paid':
        return paidReply(
          ctx,
          students,
          await repo.packages(
            students.map((s) => s.id),
            new Date(ctx.now),
            ctx.language,
          ),
          showNames,
        );
      case 'attend':
        return attendNext(ctx, owner, students, command.answer, messenger);
      case 'attendLesson': {
        const student = students.find((s) => s.id === command.studentId);
        // Someone else's child: answered exactly like a lesson that does not exist.
        if (!student) return withMenu(ctx, ctx.t('botDialog.attendance.gone'));
        const outcome = await deps.attendance.answer({
          studyId: command.studyId,
          studentId: student.id,
          answer: command.answer,
          answeredBy: owner.id,
          messenger,
          shownStartSeconds: command.startSeconds,
        });
        return outcomeReply(ctx, command.answer, student, outcome);
      }
    }
  }

  return {
    /** One inbound message: read it, act, queue the answer. `jobId` keys the answer when the messenger gave no event id. */
    async handle(message: InboundMessage, jobId: string): Promise<void> {
      const found = await repo.chatOwner(message.messenger, message.chatId);
      // An inactive account cannot sign in: its chat is treated like a chat bound to nobody.
      const owner = found?.active ? found : undefined;
      const language = recipientLanguage(owner?.language ?? message.language);
      const ctx: ReplyContext = { t: translatorFor(language), language, now: now() };
      const answer = owner
        ? await reply(ctx, owner, parseCommand(message.text), message.messenger)
        : notConnectedReply(ctx);
      await deps.outbox.enqueueReplies([
        {
          messenger: message.messenger,
          chatId: message.chatId,
          userId: owner?.id ?? null,
          key: `reply:${message.eventKey ?? jobId}`,
          ...answer,
        },
      ]);
      if (message.callbackId) {
        await deps.clients[message.messenger]
          ?.acknowledgeCallback?.(message.callbackId)
          .catch((err: unknown) => log.debug({ err }, 'callback acknowledgement failed'));
      }
    },
  };
}

export type BotDialogService = ReturnType<typeof createBotDialogService>;
