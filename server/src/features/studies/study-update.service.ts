import type { Knex } from 'knex';
import { inRoleGroup } from '@school/shared/domain';
import { movesByTransfer } from '@school/shared/permissions';
import { INITIATOR, planStudyTimes } from '@school/shared/rules';
import { AppError, errors } from '../../platform/http/app-error.js';
import type { AuthState } from '../../platform/security/auth-state.js';
import { publishStudyChange } from '../../platform/realtime/study-change.publisher.js';
import type { StudyTransferService } from '../study-transfer/index.js';
import {
  gateStudy,
  type StudiesRepository,
  type StudyPatch,
  type StudyWithParticipants,
} from '../scheduling-core/index.js';
import type { StudyUpdateInput } from '@school/shared/validation';
import { refusal } from '../../platform/http/refusal.errors.js';
import { transactionWithRetry } from '../../platform/db/transaction-retry.js';
import {
  type IfMatch,
  versionConflict,
  versionMatches,
  VersionMismatch,
} from '../../platform/http/if-match.js';

/**
 * PATCH /api/studies/:id — the one study update command behind the calendar modal, the study
 * form (including "move to the end of the subscription") and a Responsible's transfer.
 * Rules: docs/domain-rules.md, "Scheduling and transfer".
 */

const OVERLAP = '23P01';

/**
 * Work a caller adds to the update, in its transaction, after its checks: the homework files sent
 * with the form (features/study-tasks). `fields` are the CASL fields of the study it changes
 * ('study_task'), checked like the form's own fields.
 */
export interface StudyUpdateExtra {
  fields: readonly string[];
  write(trx: Knex.Transaction, study: StudyWithParticipants): Promise<void>;
}

export interface StudyUpdateDeps {
  knex: Knex;
  studies: StudiesRepository;
  transfer: StudyTransferService;
  now?: () => number;
}

const sameSet = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && [...a].sort().every((v, i) => v === [...b].sort()[i]);

/** The CASL field names that would change, judged against the stored study. */
function changedFields(
  study: StudyWithParticipants,
  input: StudyUpdateInput,
  moved: boolean,
  resized: boolean,
): string[] {
  const changed: string[] = [];
  if (moved) changed.push('start');
  if (resized) changed.push('end');
  if (input.comment !== undefined && (input.comment ?? null) !== (study.comment || null))
    changed.push('comment');
  if (input.miss_status != null && input.miss_status !== study.miss_status) changed.push('miss_status');
  if (input.type_id != null && input.type_id !== study.type_id) changed.push('type_id');
  if (input.trial != null && input.trial !== study.trial) changed.push('trial');
  if (
    input.users != null &&
    !sameSet(
      input.users,
      study.participants.map((p) => p.user_id),
    )
  )
    changed.push('users');
  if (input.subscriptions !== undefined) {
    const current = study.participants.flatMap((p) =>
      p.subscription_id === null ? [] : [p.subscription_id],
    );
    if (!sameSet(input.subscriptions, current)) changed.push('subscriptions');
  }
  if (input.ignore_offperiods) changed.push('ignore_offperiods');
  return changed;
}

export function createStudyUpdateService(deps: StudyUpdateDeps) {
  const now = deps.now ?? Date.now;

  async function apply(
    trx: Knex.Transaction,
    auth: AuthState,
    id: number,
    input: StudyUpdateInput,
    extra?: StudyUpdateExtra,
    ifMatch?: IfMatch,
  ) {
    const { row: study, subject } = await gateStudy(deps.studies, trx, auth, id, {
      lock: true,
      action: 'update',
    });
    // The offline queue's update (issue 34): only on the version it was based on, checked on the
    // locked row, so no other write slips in between the check and this one.
    if (ifMatch && !versionMatches(ifMatch, study.updated_at)) throw new VersionMismatch(study.updated_at);

    const plan = planStudyTimes(study, input, auth.roleId);
    if (!plan.ok) throw refusal(plan.field, plan.code, `scheduling.update.${plan.code}`);
    // Clients send their whole form, so unchanged values of fields one may not edit are fine.
    for (const field of [
      ...changedFields(study, input, plan.moved, plan.resized),
      ...(extra?.fields ?? []),
    ]) {
      if (!auth.ability.can('update', subject, field)) {
        throw errors.forbidden('scheduling.update.field_forbidden', { field });
      }
    }

    const teacherIds = study.participants
      .filter((p) => inRoleGroup('teaching', p.role_id))
      .map((p) => p.user_id);
    const isTransfer = plan.moved && movesByTransfer(auth.roleId);
    if (isTransfer) {
      if (teacherIds.length === 0) throw refusal('start', 'no_teacher', 'scheduling.update.no_teacher');
      const decision = await deps.transfer.check(trx, { study, newStart: plan.start, now: now() });
      // Taken by another study in the meantime: the same 409 as when the database refuses it.
      if (!decision.ok && decision.code === 'slot_taken')
        throw errors.conflict('slot_taken', 'scheduling.slot_taken');
      if (!decision.ok) throw refusal('start', decision.code, `scheduling.transfer.${decision.code}`);
    } else if (plan.moved || plan.resized) {
      // Staff may place a study anywhere, but not on a teacher's days off unless they say so.
      const moved = { start: plan.start, end: plan.end };
      if (!input.ignore_offperiods && (await deps.transfer.inOffPeriod(trx, teacherIds, moved))) {
        throw refusal('start', 'in_off_period', 'scheduling.update.in_off_period');
      }
    }

    // Only what differs from the stored study is written. A save that changes nothing (the modal
    // saved as it was opened, an empty body) writes nothing: no updated_at, no 'updated' event to
    // every watcher, no jump of the iCal SEQUENCE (docs/domain-rules.md, "Saving without a change").
    const changed = new Set(changedFields(study, input, plan.moved, plan.resized));
    const patch: StudyPatch = {};
    if (plan.moved || plan.resized)
      Object.assign(patch, { start: new Date(plan.start), end: new Date(plan.end) });
    if (plan.miss_status !== study.miss_status) patch.miss_status = plan.miss_status;
    if (changed.has('comment')) patch.comment = input.comment ?? null;
    if (changed.has('type_id')) patch.type_id = input.type_id!;
    if (changed.has('trial')) patch.trial = input.trial!;
    // Files alone do not touch the study row either (no 'updated' event for every homework file).
    if (Object.keys(patch).length > 0) await deps.studies.update(trx, id, patch);
    if (changed.has('users') && !(await deps.studies.replaceUsers(trx, id, input.users!))) {
      throw errors.invalidField('users', 'validations.exists');
    }
    // New participants may drop a student row that held a package: sent packages are then re-applied.
    const packagesToWrite =
      changed.has('subscriptions') || (changed.has('users') && input.subscriptions !== undefined);
    if (packagesToWrite && !(await deps.studies.setSubscriptions(trx, id, input.subscriptions!))) {
      throw errors.invalidField('subscriptions', 'validations.exists');
    }
    if (plan.moved) {
      await deps.studies.insertDateChange(trx, {
        study_id: id,
        start_old: study.start,
        start_new: new Date(plan.start),
        // A parent's transfer is always theirs and always shown in the history.
        initiated_by: isTransfer ? INITIATOR.Student : (input.initiated_by ?? null),
        changed_by: auth.user.id,
        change_comment: input.change_comment ?? null,
        show_in_history: isTransfer ? true : (input.show_in_history ?? true),
      });
    }
    await extra?.write(trx, study);
    // The trigger announces the write as 'updated'; a parent's transfer says more (on commit only).
    if (isTransfer) {
      const userIds = [...new Set([...study.participants.map((p) => p.user_id), ...(input.users ?? [])])];
      await publishStudyChange(trx, { studyId: id, kind: 'transferred', userIds });
    }
  }

  return {
    /** With `ifMatch`: 409 `version_conflict` with the study as it is, when it has another version. */
    async update(
      auth: AuthState,
      id: number,
      input: StudyUpdateInput,
      extra?: StudyUpdateExtra,
      ifMatch?: IfMatch,
    ) {
      try {
        await transactionWithRetry(deps.knex, (trx) => apply(trx, auth, id, input, extra, ifMatch));
      } catch (err) {
        if (err instanceof VersionMismatch)
          throw versionConflict(await deps.studies.present(id, auth), err.current);
        // Another study took the time first: the exclusion constraint decided, exactly one wins.
        if (!(err instanceof AppError) && (err as { code?: unknown }).code === OVERLAP) {
          throw errors.conflict('slot_taken', 'scheduling.slot_taken');
        }
        throw err;
      }
      return deps.studies.present(id, auth);
    },
  };
}

export type StudyUpdateService = ReturnType<typeof createStudyUpdateService>;
