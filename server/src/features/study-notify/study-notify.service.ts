import { asSubject } from '@school/shared/permissions';
import { ROLE, TIME_ZONE } from '@school/shared/domain';
import { isStudyInProgress } from '@school/shared/rules';
import { DateTime } from 'luxon';
import type { Knex } from 'knex';
import { AppError, errors } from '../../platform/http/app-error.js';
import type { Translate } from '../../platform/i18n/request-i18n.js';
import type { Logger } from '../../platform/logging/logger.js';
import type { AuthState } from '../auth/auth-user.js';
import type { StudiesRepository } from '../scheduling-core/studies.repository.js';
import { refusal } from '../../platform/http/refusal.errors.js';
import type { StudyNotifyRepository } from './study-notify.repository.js';
import type { MessengerMessage, MessengerSender } from './study-notify.sender.js';

/**
 * POST /api/users/:id/notify { type_id, study_id } (spec part 1 §4, §6, §7): a reminder to one
 * Student participant of a study in progress, through the messenger bot(s) the student connected.
 * Rules and answers: docs/domain-rules.md, "Notify".
 */

export interface StudyNotifyDeps {
  knex: Knex;
  studies: StudiesRepository;
  targets: StudyNotifyRepository;
  /** The bots' outgoing side; absent until bots exist (answer 409 `messenger_unavailable`). */
  sender?: MessengerSender;
  /** The language of the message the student reads (no per-user language is stored yet). */
  studentT: Translate;
  logger: Logger;
  now?: () => number;
}

export interface NotifyInput {
  type_id: number;
  study_id: number;
}

export function createStudyNotifyService(deps: StudyNotifyDeps) {
  const now = deps.now ?? Date.now;
  return {
    async notify(auth: AuthState, userId: number, input: NotifyInput): Promise<{ sent: MessengerMessage['messenger'][] }> {
      if (!auth.ability.can('notify', 'user')) throw errors.forbidden();
      const study = await deps.studies.find(deps.knex, input.study_id);
      const subject = study && asSubject('study', { ...study, user_ids: study.participants.map((p) => p.user_id) });
      // A study the caller does not see is, for them, a study that does not exist.
      if (!study || !subject || !auth.ability.can('read', subject)) throw errors.invalidField('study_id', 'validations.exists');
      const target = await deps.targets.messengerTarget(userId);
      if (!target) throw errors.notFound();
      if (!study.participants.some((p) => p.user_id === userId && p.role_id === ROLE.Student)) {
        throw refusal('user_id', 'not_a_student', 'scheduling.notify.not_a_student');
      }
      if (!isStudyInProgress(study, now())) throw refusal('study_id', 'not_in_progress', 'scheduling.notify.not_in_progress');

      const chats = [
        ...(target.telegram_id ? [{ messenger: 'telegram' as const, chatId: target.telegram_id }] : []),
        ...(target.viber_id ? [{ messenger: 'viber' as const, chatId: target.viber_id }] : []),
      ];
      if (chats.length === 0) throw errors.conflict('messenger_not_connected', 'scheduling.notify.no_messenger');
      // Bots do not exist yet: say so instead of pretending the student was reminded.
      if (!deps.sender) throw errors.conflict('messenger_unavailable', 'scheduling.notify.unavailable');

      const time = DateTime.fromJSDate(study.start).setZone(TIME_ZONE).toFormat('HH:mm');
      const text = deps.studentT(`scheduling.notify.messages.${input.type_id}`, { time });
      const sent: MessengerMessage['messenger'][] = [];
      for (const chat of chats) {
        try {
          await deps.sender.send({ ...chat, text });
          sent.push(chat.messenger);
        } catch (err) {
          deps.logger.warn({ err, userId, messenger: chat.messenger }, 'notify: the messenger refused the message');
        }
      }
      // One connected messenger that took the message is enough: the student is reminded.
      if (sent.length === 0) throw new AppError(502, 'notify_failed', 'scheduling.notify.failed');
      return { sent };
    },
  };
}

export type StudyNotifyService = ReturnType<typeof createStudyNotifyService>;
