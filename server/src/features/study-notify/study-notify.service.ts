import { ROLE, TIME_FORMAT, TIME_ZONE, type MessengerType } from '@school/shared/domain';
import { isStudyInProgress } from '@school/shared/rules';
import { randomUUID } from 'node:crypto';
import { DateTime } from 'luxon';
import type { Knex } from 'knex';
import { errors } from '../../platform/http/app-error.js';
import type { Logger } from '../../platform/logging/logger.js';
import type { AuthState } from '../../platform/security/auth-state.js';
import { gateStudy, type StudiesRepository } from '../scheduling-core/index.js';
import { refusal } from '../../platform/http/refusal.errors.js';
import type { StudyNotifyRepository } from './study-notify.repository.js';
import type { NotifyOutbox } from './study-notify.sender.js';

/**
 * POST /api/users/:id/notify { type_id, study_id } (spec part 1 §4, §6, §7): a reminder to one
 * Student participant of a study in progress, through the messenger bot(s) the student connected.
 * Rules and answers: docs/domain-rules.md, "Notify".
 */

export interface StudyNotifyDeps {
  knex: Knex;
  studies: StudiesRepository;
  targets: StudyNotifyRepository;
  /** The bots' outbox; absent without a job queue (answer 409 `messenger_unavailable`). */
  outbox?: NotifyOutbox;
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
    async notify(
      auth: AuthState,
      userId: number,
      input: NotifyInput,
    ): Promise<{ sent: MessengerType[]; recipients: number[] }> {
      if (!auth.ability.can('notify', 'user')) throw errors.forbidden();
      // A study the caller does not see is, for them, a study that does not exist (a field error here).
      const { row: study } = await gateStudy(deps.studies, deps.knex, auth, input.study_id, {
        notFound: () => errors.invalidField('study_id', 'validations.exists'),
      });
      const target = await deps.targets.messengerTarget(userId);
      if (!target) throw errors.notFound();
      if (!study.participants.some((p) => p.user_id === userId && p.role_id === ROLE.Student)) {
        throw refusal('user_id', 'not_a_student', 'scheduling.notify.not_a_student');
      }
      if (!isStudyInProgress(study, now()))
        throw refusal('study_id', 'not_in_progress', 'scheduling.notify.not_in_progress');

      // The student and their responsibles, each through the bots they connected.
      const recipients = [
        ...(target.telegram_id || target.viber_id ? [userId] : []),
        ...(await deps.targets.connectedResponsibles(userId)),
      ];
      if (recipients.length === 0)
        throw errors.conflict('messenger_not_connected', 'scheduling.notify.no_messenger');
      if (!deps.outbox) throw errors.conflict('messenger_unavailable', 'scheduling.notify.unavailable');

      const time = DateTime.fromJSDate(study.start).setZone(TIME_ZONE).toFormat(TIME_FORMAT);
      // Each click is its own reminder; the key only keeps its retries from sending twice.
      const click = randomUUID();
      const queued = await deps.outbox.enqueueMessages(
        recipients.map((id) => ({
          userId: id,
          key: `notify:${input.study_id}:${id}:${click}`,
          textKey: `scheduling.notify.messages.${input.type_id}`,
          params: { time },
        })),
      );
      return { sent: [...new Set(queued.map((q) => q.messenger))].sort(), recipients };
    },
  };
}

export type StudyNotifyService = ReturnType<typeof createStudyNotifyService>;
