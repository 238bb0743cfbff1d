import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isWriteQueued } from '@school/shared/api';
import { useApi } from '../api-context';
import { isUnreachable, loadFailureText, panelErrorMessage } from './panel-errors';
import { saveFile } from './save-file';
import {
  deleteStudyTask,
  downloadStudyTask,
  fetchStudyTasks,
  uploadStudyTasks,
  type StudyTask,
} from './study-panels.api';
import {
  canDeleteHomework,
  canUploadHomework,
  fileSizeLabel,
  HOMEWORK_FILE_ACCEPT,
  HOMEWORK_LIMIT_KB,
  HOMEWORK_MAX_FILES,
  homeworkFileProblem,
  homeworkStudentIds,
  type PanelViewer,
} from './study-panels.rules';
import { useLiveLoad } from './use-live-load';
import type { PanelAbility } from './panel-ability';

export interface HomeworkStudent {
  id: number;
  full_name: string;
}

export interface HomeworkFileView {
  task: StudyTask;
  size: string | null;
  canDelete: boolean;
}

export interface HomeworkGroup {
  student: HomeworkStudent;
  files: HomeworkFileView[];
}

export interface StudyHomeworkPanel {
  /** False when the viewer sees no student's homework: the panel is not shown at all. */
  visible: boolean;
  groups: HomeworkGroup[];
  loading: boolean;
  loadError: string | null;
  /** The load failed only because the server cannot be reached: loadError says "not loaded". */
  notLoadedOffline: boolean;
  canUpload: boolean;
  /** The student whose files are being sent, null when idle. */
  uploadingFor: number | null;
  /** Checks every file (8192 KB, no programs) and sends them when all pass; false when refused. */
  upload(studentId: number, files: readonly File[]): Promise<boolean>;
  deletingId: number | null;
  remove(task: StudyTask): Promise<boolean>;
  download(task: StudyTask): Promise<boolean>;
  /** The last refusal or failure, in the interface language. */
  problem: string | null;
  clearProblem(): void;
  limitHint: string;
  /** The file picker's `accept` attribute. */
  accept: string;
}

/** Files of each visible student, newest first, in the order the students are listed. */
export function groupTasks(
  students: readonly HomeworkStudent[],
  tasks: readonly StudyTask[],
): { student: HomeworkStudent; tasks: StudyTask[] }[] {
  return students.map((student) => ({
    student,
    tasks: tasks.filter((task) => task.user_id === student.id).sort((a, b) => b.id - a.id),
  }));
}

/**
 * The study homework panel (spec part 2 §2 "Study homework panel", §5, §6, §9): one list per
 * Student participant the viewer may see (the student, their Responsible, or staff), upload with
 * `update study_task`, delete with `delete study_task` or as the uploader, download by the file's
 * name. Files over 8192 KB and programs are refused before anything is sent.
 */
export function useStudyHomework({
  studyId,
  students,
  participantIds,
  viewer,
  ability,
}: {
  studyId: number;
  /** The study's Student participants. */
  students: readonly HomeworkStudent[];
  /** Every participant's id (the condition of `update study`). */
  participantIds: readonly number[];
  viewer: PanelViewer;
  ability: PanelAbility;
}): StudyHomeworkPanel {
  const { t } = useTranslation();
  const { client } = useApi();
  const visibleIds = homeworkStudentIds(
    viewer,
    students.map((s) => s.id),
  );
  const visibleKey = visibleIds.join(',');
  const visibleStudents = useMemo(
    () => students.filter((s) => visibleKey.split(',').includes(String(s.id))),
    [students, visibleKey],
  );
  const visible = visibleStudents.length > 0;
  const load = useCallback(
    (signal: AbortSignal) => fetchStudyTasks(client, studyId, signal),
    [client, studyId],
  );
  const list = useLiveLoad(studyId, visible ? load : null, `homework:${studyId}`);
  const { setData, reload } = list;
  const [uploadingFor, setUploadingFor] = useState<number | null>(null);
  const [deletingId, setDeletingId] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const upload = useCallback(
    async (studentId: number, files: readonly File[]) => {
      if (files.length === 0) return false;
      if (files.length > HOMEWORK_MAX_FILES) {
        setProblem(t('homework.too_many_files', { max: HOMEWORK_MAX_FILES }));
        return false;
      }
      for (const file of files) {
        const refused = homeworkFileProblem(file);
        if (refused) {
          // The server's own messages where it has one (the same text whichever side refuses).
          const key = {
            too_large: 'studyPanels.homework.tooLarge',
            not_accepted: 'homework.file_type',
            empty: 'homework.file_empty',
          }[refused];
          setProblem(t(key, { name: file.name, maxKb: HOMEWORK_LIMIT_KB }));
          return false;
        }
      }
      setProblem(null);
      setUploadingFor(studentId);
      try {
        await uploadStudyTasks(client, studyId, studentId, files);
        reload();
        return true;
      } catch (error) {
        // The staff app kept the files in its offline queue: its panel shows them pending.
        if (isWriteQueued(error)) return true;
        setProblem(panelErrorMessage(error, t));
        return false;
      } finally {
        setUploadingFor(null);
      }
    },
    [client, studyId, reload, t],
  );

  const remove = useCallback(
    async (task: StudyTask) => {
      setDeletingId(task.id);
      setProblem(null);
      try {
        await deleteStudyTask(client, task.id);
        setData((current) => current?.filter((row) => row.id !== task.id));
        return true;
      } catch (error) {
        setProblem(panelErrorMessage(error, t));
        return false;
      } finally {
        setDeletingId(null);
      }
    },
    [client, setData, t],
  );

  const download = useCallback(
    async (task: StudyTask) => {
      try {
        saveFile(await downloadStudyTask(client, task.id), task.file_name);
        return true;
      } catch {
        // Spec part 2 §8: "Download failed".
        setProblem(t('studyPanels.homework.downloadFailed'));
        return false;
      }
    },
    [client, t],
  );

  const groups = useMemo<HomeworkGroup[]>(
    () =>
      groupTasks(visibleStudents, list.data ?? []).map(({ student, tasks }) => ({
        student,
        files: tasks.map((task) => {
          const size =
            typeof task.file_size === 'number' && task.file_size > 0 ? fileSizeLabel(task.file_size) : null;
          return {
            task,
            size: size ? t(`studyPanels.homework.${size.key}`, { size: size.size }) : null,
            canDelete: canDeleteHomework(ability, task, viewer.id),
          };
        }),
      })),
    [visibleStudents, list.data, ability, viewer.id, t],
  );

  return {
    visible,
    groups,
    loading: visible && list.loading,
    notLoadedOffline: list.data === undefined && isUnreachable(list.error),
    loadError:
      list.error && list.data === undefined
        ? loadFailureText(list.error, 'studyPanels.homework.loadFailed', t)
        : null,
    canUpload: visible && canUploadHomework(ability, participantIds),
    uploadingFor,
    upload,
    deletingId,
    remove,
    download,
    problem,
    clearProblem: () => setProblem(null),
    limitHint: t('studyPanels.homework.limitHint', { maxKb: HOMEWORK_LIMIT_KB }),
    accept: HOMEWORK_FILE_ACCEPT,
  };
}
