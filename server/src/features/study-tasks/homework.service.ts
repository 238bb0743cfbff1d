import { createReadStream } from 'node:fs';
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Knex } from 'knex';
import { asSubject } from '@school/shared/permissions';
import { RESOURCES } from '@school/shared/resources';
import { fileExtension, HOMEWORK, homeworkFileName } from '@school/shared/rules';
import { AppError, errors, type RawFieldErrors } from '../../platform/http/app-error.js';
import type { UploadedFile } from '../../platform/http/multipart.js';
import { refusal } from '../../platform/http/refusal.errors.js';
import type { Logger } from '../../platform/logging/logger.js';
import type { AuthState } from '../../platform/security/auth-state.js';
import { addPendingObjects, dropPendingObjects } from '../../platform/storage/pending-objects.repository.js';
import { StorageError, type Storage } from '../../platform/storage/storage.js';
import { readResource } from '../../resource-engine/resource-reader.js';
import type { HookRegistry } from '../../resource-engine/resource-hooks.js';
import { gateStudy, type StudiesRepository } from '../scheduling-core/index.js';
import type { StudyUpdateInput } from '@school/shared/validation';
import type { StudyUpdateService } from '../studies/index.js';
import { sniffHomeworkFile, type SniffRefusal } from './homework-file.sniff.js';
import { createStudyTasksRepository, type StoredStudyTask } from './study-tasks.repository.js';

/**
 * Homework files (study tasks), spec part 2 §2 "Study homework panel", §5 (8192 KB), §6:
 * - upload with the study form (`POST api/studies/{id}`, multipart, `_method=patch`): needs
 *   `update` on the study for the field `study_task` (staff of the study, the Student of it, a
 *   Responsible of one of its students); each file belongs to one Student participant;
 * - read (list, download) by who may read the row: the student it belongs to, their Responsible,
 *   the study's teachers and staff (the study_tasks row scope);
 * - delete by who may delete study_task (Administrator, Manager, Teacher, Methodologist: of the
 *   rows they can read) or by the one who uploaded it.
 * Rules and choices: docs/domain-rules.md, "Homework files".
 */

export interface HomeworkDeps {
  knex: Knex;
  hooks: HookRegistry;
  storage: Storage;
  updater: StudyUpdateService;
  studies: StudiesRepository;
  logger: Logger;
}

/** A received file that passed every check, still in the request's temporary directory. */
export interface CheckedHomeworkFile {
  path: string;
  name: string;
  mime: string;
  size: number;
}

export interface HomeworkDownload {
  task: StoredStudyTask;
  size: number;
  body: Readable;
}

const REFUSAL_KEYS: Record<SniffRefusal, string> = {
  type: 'homework.file_type',
  empty: 'homework.file_empty',
  executable: 'homework.file_executable',
  content: 'homework.file_content',
  archive_executable: 'homework.archive_executable',
};

/** Not a homework field: the study form sends nothing else as a file. */
export const isHomeworkField = (field: string) => (HOMEWORK.fields as readonly string[]).includes(field);

export function createHomeworkService(deps: HomeworkDeps) {
  const { knex, storage, logger } = deps;
  const tasks = createStudyTasksRepository(knex);
  const engine = (auth: AuthState) => ({ knex, hooks: deps.hooks, auth, language: 'uk' });

  /**
   * Objects no committed row names (a refused upload's, a deleted row's): deleted, then struck from
   * the pending journal. A failure leaves the entry, and the start-up sweep deletes the object.
   */
  async function discard(keys: readonly string[]) {
    for (const key of keys) {
      try {
        await storage.delete(key);
        await dropPendingObjects(knex, [key]);
      } catch (err) {
        logger.error({ err, key }, 'removing a homework file no row names failed');
      }
    }
  }

  return {
    /**
     * Before any byte of the body is read: the study is one the caller sees (404 otherwise, as
     * the update command answers) and may update at all (403).
     */
    async assertMayUpload(auth: AuthState, studyId: number): Promise<void> {
      await gateStudy(deps.studies, knex, auth, studyId, { action: 'update' });
    },

    /** Every file judged by name, size and content; one 422 listing every refused file. */
    async check(files: readonly UploadedFile[]): Promise<CheckedHomeworkFile[]> {
      const refused: RawFieldErrors[string] = [];
      const checked: CheckedHomeworkFile[] = [];
      for (const file of files) {
        const name = homeworkFileName(file.filename);
        if (name.length === 0 || name.length > HOMEWORK.maxNameLength) {
          refused.push({ key: 'homework.file_name', params: { max: HOMEWORK.maxNameLength } });
          continue;
        }
        const verdict = await sniffHomeworkFile(file.path, name, file.size);
        if (verdict.ok) checked.push({ path: file.path, name, mime: verdict.mime, size: file.size });
        else
          refused.push({
            key: REFUSAL_KEYS[verdict.reason],
            params: { name, ext: fileExtension(name), entry: verdict.entry },
          });
      }
      if (refused.length > 0)
        throw new AppError(422, 'validation', 'errors.validation', {}, { study_task: refused });
      return checked;
    },

    /**
     * Stores the files, then runs the study update with their rows in its transaction: a refusal
     * anywhere (the update's own rules, the student, a lost race) removes what was stored. Each key
     * is in the pending journal from before its put until the commit that names it: a process killed
     * in between leaves an entry, and the next start deletes the object (no orphan file).
     * `userId`: the student the files are for; without it, the one Student participant the caller
     * may hand homework in for (a Student: themself; a Responsible: their child).
     */
    async upload(
      auth: AuthState,
      studyId: number,
      input: StudyUpdateInput,
      files: readonly CheckedHomeworkFile[],
      userId?: number,
    ) {
      if (files.length === 0) return deps.updater.update(auth, studyId, input);
      const stored = files.map(() => `homework/${studyId}/${randomUUID()}`);
      await addPendingObjects(knex, stored);
      try {
        for (const [i, file] of files.entries()) {
          await storage.put(stored[i]!, createReadStream(file.path), {
            contentType: file.mime,
            maxBytes: HOMEWORK.maxBytes,
          });
        }
        return await deps.updater.update(auth, studyId, input, {
          fields: ['study_task'],
          write: async (trx, study) => {
            const studentIds = await tasks.studentsOf(trx, study.id);
            const study_user_ids = await tasks.participantsOf(trx, study.id);
            const mayHold = (user_id: number) =>
              auth.ability.can('read', asSubject('study_task', { user_id, study_user_ids }));
            let owner = userId;
            if (owner !== undefined) {
              if (!studentIds.includes(owner))
                throw errors.invalidField('user_id', 'validations.student_of_study');
              if (!mayHold(owner)) throw errors.forbidden();
            } else {
              const candidates = studentIds.filter(mayHold);
              if (candidates.length === 0) throw refusal('study_task', 'no_student', 'homework.no_student');
              if (candidates.length > 1)
                throw refusal('user_id', 'student_required', 'homework.student_required');
              owner = candidates[0]!;
            }
            await tasks.insert(
              trx,
              files.map((file, i) => ({
                study_id: study.id,
                user_id: owner!,
                creator_id: auth.user.id,
                file_name: file.name,
                file_mime: file.mime,
                file_size: file.size,
                storage_key: stored[i]!,
              })),
            );
            // Another start's sweep took the entries (it thought this process dead): keep nothing.
            if ((await dropPendingObjects(trx, stored)) !== stored.length)
              throw new Error('pending homework objects vanished');
          },
        });
      } catch (err) {
        await discard(stored);
        throw err;
      }
    },

    /** `GET api/study_tasks/{id}/download`: 403 without any read on homework, 404 outside the scope. */
    async download(auth: AuthState, id: number): Promise<HomeworkDownload> {
      await readResource(engine(auth), RESOURCES.study_tasks, id, 'select[]=id');
      const task = await tasks.find(id);
      if (!task) throw errors.notFound();
      try {
        const info = await storage.stat(task.storage_key);
        if (!info) throw new StorageError('not_found', task.storage_key);
        return { task, size: info.size, body: await storage.get(task.storage_key) };
      } catch (err) {
        if (err instanceof StorageError && err.code === 'not_found')
          throw errors.notFound('homework.file_missing');
        throw err;
      }
    },

    /**
     * `DELETE api/study_tasks/{id}`: the row goes in a transaction, the stored file after the
     * commit (a failure or a crash in between leaves its pending entry for the start-up sweep; the
     * row, and so the homework, is gone either way).
     */
    async remove(auth: AuthState, id: number): Promise<void> {
      await readResource(engine(auth), RESOURCES.study_tasks, id, 'select[]=id');
      const key = await knex.transaction(async (trx) => {
        const task = await tasks.find(id, trx);
        if (!task) throw errors.notFound();
        const own = task.creator_id === auth.user.id;
        const study_user_ids = await tasks.participantsOf(trx, task.study_id);
        if (!own && !auth.ability.can('delete', asSubject('study_task', { ...task, study_user_ids })))
          throw errors.forbidden();
        await tasks.remove(trx, id);
        await addPendingObjects(trx, [task.storage_key]);
        return task.storage_key;
      });
      await discard([key]);
    },
  };
}

export type HomeworkService = ReturnType<typeof createHomeworkService>;
