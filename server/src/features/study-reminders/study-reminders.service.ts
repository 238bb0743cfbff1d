import { DAY_MONTH_FORMAT, TIME_FORMAT, TIME_ZONE } from '@school/shared/domain';
import type { StudyReminderSettingsInput } from '@school/shared/validation';
import { DateTime } from 'luxon';
import type { Knex } from 'knex';
import { isDatabaseUnavailable } from '../../platform/db/database-unavailable.js';
import { errors } from '../../platform/http/app-error.js';
import type { Logger } from '../../platform/logging/logger.js';
import type { AuthState } from '../../platform/security/auth-state.js';
import type { MessengerOutbox, OutgoingMessage } from '../messenger-bots/index.js';
import type { DigestLesson, DueReminder, StudyRemindersRepository } from './study-reminders.repository.js';

/**
 * Reminders before each study to the student and their responsibles, and the teachers' morning
 * digest, through the messenger outbox. Rules: docs/bots.md, "Reminders and the morning digest";
 * docs/domain-rules.md, "Study reminders". Every entry point takes `now`, so tests need no sleeping.
 */

/** How far ahead reminders are planned (the largest offset allowed is 3 days). */
export const HORIZON_DAYS = 7;
const DISPATCH_BATCH = 500;
const DAY_MS = 24 * 3600_000;

export type ReminderOutbox = Pick<MessengerOutbox, 'enqueueMessages'>;

export interface StudyRemindersDeps {
  knex: Knex;
  repo: StudyRemindersRepository;
  /** Absent without a job queue: nothing is dispatched. */
  outbox?: ReminderOutbox;
  logger: Logger;
  now?: () => number;
}

export interface ReminderSettings {
  offsets_minutes: number[];
  digest_enabled: boolean;
  digest_time: string;
}

export interface DispatchReport {
  queued: number;
  withdrawn: number;
  skipped: number;
}

const kyiv = (d: Date) => DateTime.fromJSDate(d).setZone(TIME_ZONE);

/** Of one recipient's due reminders of one lesson only the nearest goes (the rest were overdue: the server was down). */
function pickNearest(rows: DueReminder[]): { send: DueReminder[]; skip: DueReminder[] } {
  const send: DueReminder[] = [];
  const skip: DueReminder[] = [];
  const seen = new Set<string>();
  // Ordered by study, user, student, offset ascending: the first of each group is the nearest.
  for (const r of rows) {
    const group = `${r.study_id}:${r.user_id}:${r.student_id}`;
    (seen.has(group) ? skip : send).push(r);
    seen.add(group);
  }
  return { send, skip };
}

function reminderMessage(r: DueReminder): OutgoingMessage {
  const start = kyiv(r.study_start);
  const own = r.user_id === r.student_id;
  return {
    userId: r.user_id,
    key: r.key,
    textKey: own ? 'studyReminders.messages.student' : 'studyReminders.messages.responsible',
    params: {
      date: start.toFormat(DAY_MONTH_FORMAT),
      time: start.toFormat(TIME_FORMAT),
      ...(own ? {} : { name: r.student_firstname }),
    },
    expiresAt: r.study_start,
  };
}

function digestMessages(lessons: DigestLesson[], day: DateTime): OutgoingMessage[] {
  const byTeacher = new Map<number, string[]>();
  for (const l of lessons) {
    const line = `${kyiv(l.start).toFormat(TIME_FORMAT)}–${kyiv(l.end).toFormat(TIME_FORMAT)} ${l.students ?? '—'}`;
    byTeacher.set(l.teacher_id, [...(byTeacher.get(l.teacher_id) ?? []), line]);
  }
  return [...byTeacher].map(([teacherId, lines]) => ({
    userId: teacherId,
    key: `digest:${teacherId}:${day.toISODate()}`,
    textKey: 'studyReminders.messages.digest',
    params: { date: day.toFormat(DAY_MONTH_FORMAT), lessons: lines.join('\n') },
    expiresAt: day.endOf('day').toJSDate(),
  }));
}

export function createStudyRemindersService(deps: StudyRemindersDeps) {
  const { knex, repo, logger } = deps;
  const log = logger.child({ component: 'study-reminders' });
  const clock = () => new Date((deps.now ?? Date.now)());

  function assertAdministrator(auth: AuthState) {
    // School-wide settings: `manage school_setting`, the Administrator only.
    if (!auth.ability.can('manage', 'school_setting')) throw errors.forbidden();
  }

  const present = (s: ReminderSettings): ReminderSettings => ({
    offsets_minutes: [...s.offsets_minutes].sort((a, b) => b - a),
    digest_enabled: s.digest_enabled,
    digest_time: s.digest_time,
  });

  const service = {
    assertAdministrator,

    async settings(auth: AuthState): Promise<ReminderSettings> {
      assertAdministrator(auth);
      return present(await repo.settings(knex));
    },

    /** Saves the settings; new offsets are planned and dropped ones withdrawn in the same transaction. */
    async updateSettings(
      auth: AuthState,
      input: StudyReminderSettingsInput,
      now = clock(),
    ): Promise<ReminderSettings> {
      assertAdministrator(auth);
      const patch = Object.fromEntries(
        Object.entries(input).filter(([, v]) => v !== undefined),
      ) as Partial<ReminderSettings>;
      await knex.transaction(async (trx) => {
        await repo.lockHorizon(trx);
        const before = await repo.settings(trx, true);
        await repo.updateSettings(trx, patch, auth.user.id);
        if (patch.offsets_minutes) {
          await repo.dropUnusedOffsets(trx, patch.offsets_minutes);
          if (before.planned_until && before.planned_until > now)
            await repo.plan(trx, now, before.planned_until, now);
        }
      });
      return present(await repo.settings(knex));
    },

    /** Extends the planned horizon to now + 7 days (the first run plans the whole week). */
    async planHorizon(now = clock()): Promise<{ planned: number; until: Date }> {
      return knex.transaction(async (trx) => {
        await repo.lockHorizon(trx);
        const s = await repo.settings(trx, true);
        const until = new Date(now.getTime() + HORIZON_DAYS * DAY_MS);
        const from = s.planned_until && s.planned_until > now ? s.planned_until : now;
        const planned = until > from ? await repo.plan(trx, from, until, now) : 0;
        if (!s.planned_until || until > s.planned_until) await repo.setHorizon(trx, until);
        await repo.dropPast(trx, new Date(now.getTime() - DAY_MS));
        return { planned, until };
      });
    },

    /**
     * Hands the due reminders to the outbox. Rows are locked with SKIP LOCKED (two dispatchers
     * share the work, never a row) and re-checked against the study as it is now; the outbox key
     * of each (study, recipient, student, offset, start) drops a second enqueue after a crash.
     */
    async dispatchDue(now = clock()): Promise<DispatchReport> {
      const report: DispatchReport = { queued: 0, withdrawn: 0, skipped: 0 };
      if (!deps.outbox) return report;
      const outbox = deps.outbox;
      for (;;) {
        const taken = await knex.transaction(async (trx) => {
          const rows = await repo.lockDue(trx, now, DISPATCH_BATCH);
          const dead = rows.filter((r) => !r.live);
          const { send, skip } = pickNearest(rows.filter((r) => r.live));
          await repo.deleteReminders(
            trx,
            dead.map((r) => r.id),
          );
          if (send.length) await outbox.enqueueMessages(send.map(reminderMessage));
          await repo.markReminders(
            trx,
            send.map((r) => r.id),
            'queued',
            now,
          );
          await repo.markReminders(
            trx,
            skip.map((r) => r.id),
            'skipped',
            now,
          );
          report.queued += send.length;
          report.withdrawn += dead.length;
          report.skipped += skip.length;
          return rows.length;
        });
        if (taken < DISPATCH_BATCH) return report;
      }
    },

    /** The teachers' morning digest of the Kyiv day: once per day, at or after the set time. */
    async sendDigest(now = clock()): Promise<number> {
      if (!deps.outbox) return 0;
      const outbox = deps.outbox;
      const s = await repo.settings(knex);
      const local = kyiv(now);
      const day = local.toISODate()!;
      if (!s.digest_enabled || local.toFormat('HH:mm') < s.digest_time) return 0;
      if (s.digest_sent_on !== null && s.digest_sent_on >= day) return 0;
      return knex.transaction(async (trx) => {
        if (!(await repo.claimDigestDay(trx, day))) return 0;
        const lessons = await repo.digestLessons(trx, now, local.endOf('day').toJSDate());
        const messages = digestMessages(lessons, local.startOf('day'));
        if (messages.length) await outbox.enqueueMessages(messages);
        return messages.length;
      });
    },

    /** The minute job: plan, dispatch, digest; one failing does not stop the others. */
    async tick(now = clock()) {
      const steps = [
        () => service.planHorizon(now),
        () => service.dispatchDue(now),
        () => service.sendDigest(now),
      ];
      let failed: unknown;
      for (const step of steps) {
        try {
          await step();
        } catch (err) {
          // PostgreSQL out of reach (a restart) is no bug: the next minute's run does the same work.
          if (isDatabaseUnavailable(err))
            log.warn({ err: String(err) }, 'study reminders step: database unavailable');
          else log.error({ err }, 'study reminders step failed');
          failed = err;
        }
      }
      if (failed) throw failed;
    },
  };
  return service;
}

export type StudyRemindersService = ReturnType<typeof createStudyRemindersService>;
