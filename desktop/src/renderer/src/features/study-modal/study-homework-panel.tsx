import { Button, Callout, Icon, Spinner, type IconName } from '@blueprintjs/core';
import { ConfirmDialog } from '../../kit/admin-widgets/confirm-dialog';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { studentsOf, type CalendarStudy } from '@school/shared/ui/calendar';
import {
  usePanelAccess,
  useStudyHomework,
  type HomeworkGroup,
  type StudyTask,
} from '@school/shared/ui/study-panels';
import { PendingWriteNote } from '../offline/pending-write-note';
import { usePendingWrites, writtenFields } from '../offline/write-queue-sync';

function fileIcon(mime: string | null): IconName {
  if (!mime) return 'document';
  if (mime.startsWith('image/')) return 'media';
  if (mime.startsWith('video/') || mime.startsWith('audio/')) return 'video';
  if (/zip|rar|7z|tar|compressed/.test(mime)) return 'compressed';
  return 'document';
}

function UploadButton({
  studentId,
  busy,
  accept,
  onFiles,
}: {
  studentId: number;
  busy: boolean;
  accept: string;
  onFiles(files: File[]): void;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        accept={accept}
        data-testid={`homework-input-${studentId}`}
        onChange={(event) => {
          const files = Array.from(event.currentTarget.files ?? []);
          // The same file may be picked again after a refusal.
          event.currentTarget.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
      <Button
        size="small"
        icon="upload"
        text={busy ? t('studyPanels.homework.uploading') : t('studyPanels.homework.upload')}
        loading={busy}
        onClick={() => input.current?.click()}
        data-testid={`homework-upload-${studentId}`}
      />
    </>
  );
}

/**
 * The homework of a study (spec part 2 §2, §6): a file list per student the viewer may see, with
 * download, upload (`update study_task`) and delete (`delete study_task` or the uploader), each
 * file at most 8192 KB. Nothing is drawn for a viewer who sees no student's homework.
 */
export function StudyHomeworkPanel({ study, showNames }: { study: CalendarStudy; showNames?: boolean }) {
  const { t } = useTranslation();
  const { viewer, ability } = usePanelAccess();
  const students = studentsOf(study);
  const panel = useStudyHomework({
    studyId: study.id,
    students,
    participantIds: (study.users ?? []).map((u) => u.id),
    viewer,
    ability,
  });
  const [confirm, setConfirm] = useState<StudyTask | null>(null);
  // Files chosen offline (issue 34), per student, until the server has them.
  const queued = usePendingWrites({ studyId: study.id, kind: 'homework' });
  if (!panel.visible) return null;
  const named = showNames ?? panel.groups.length > 1;

  const group = ({ student, files }: HomeworkGroup) => (
    <div key={student.id} className="study-homework__group" data-testid={`homework-student-${student.id}`}>
      {named ? (
        <div className="study-homework__student">
          {t('studyPanels.homework.forStudent', { name: student.full_name })}
        </div>
      ) : null}
      {files.length === 0 ? (
        <p className="study-panel__empty">{t('studyPanels.homework.empty')}</p>
      ) : (
        <ul className="study-homework__files">
          {files.map(({ task, size, canDelete }) => (
            <li key={task.id} className="study-homework__file" data-testid={`homework-file-${task.id}`}>
              <Icon icon={fileIcon(task.file_mime)} className="study-homework__icon" />
              <button
                type="button"
                className="study-homework__name"
                title={t('studyPanels.homework.download')}
                onClick={() => void panel.download(task)}
                data-testid={`homework-download-${task.id}`}
              >
                {task.file_name}
              </button>
              {size ? <span className="study-homework__size">{size}</span> : null}
              {canDelete ? (
                <Button
                  size="small"
                  variant="minimal"
                  intent="danger"
                  icon="trash"
                  aria-label={t('studyPanels.homework.delete')}
                  title={t('studyPanels.homework.delete')}
                  loading={panel.deletingId === task.id}
                  onClick={() => setConfirm(task)}
                  data-testid={`homework-delete-${task.id}`}
                />
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {queued
        .filter((write) => Number(writtenFields(write).user_id) === student.id)
        .map((write) => (
          <div
            key={write.id}
            className="study-homework__pending"
            data-testid={`homework-pending-${student.id}`}
          >
            <Icon icon="document" className="study-homework__icon" />
            <span>
              {write.body.type === 'multipart' ? write.body.files.map((file) => file.name).join(', ') : ''}
            </span>
            <PendingWriteNote write={write} />
          </div>
        ))}
      {panel.canUpload ? (
        <UploadButton
          studentId={student.id}
          busy={panel.uploadingFor === student.id}
          accept={panel.accept}
          onFiles={(files) => void panel.upload(student.id, files)}
        />
      ) : null}
    </div>
  );

  return (
    <div className="study-homework" data-testid="homework-panel">
      {panel.loading ? <Spinner size={20} /> : null}
      {panel.loadError ? (
        <Callout
          intent={panel.notLoadedOffline ? 'none' : 'danger'}
          icon={panel.notLoadedOffline ? 'offline' : undefined}
          compact
          data-testid={panel.notLoadedOffline ? 'not-loaded-offline' : undefined}
        >
          {panel.loadError}
        </Callout>
      ) : (
        !panel.loading && panel.groups.map(group)
      )}
      {panel.canUpload ? <p className="study-panel__hint">{panel.limitHint}</p> : null}
      {panel.problem ? (
        <Callout intent="danger" compact className="study-panel__problem" data-testid="homework-problem">
          <span>{panel.problem}</span>
          <Button
            size="small"
            variant="minimal"
            icon="cross"
            aria-label={t('studyPanels.cancel')}
            onClick={panel.clearProblem}
          />
        </Callout>
      ) : null}
      <ConfirmDialog
        isOpen={confirm !== null}
        testId="homework-confirm"
        className="study-panel__alert"
        onCancel={() => setConfirm(null)}
        onConfirm={() => {
          if (confirm) void panel.remove(confirm);
          setConfirm(null);
        }}
      >
        {confirm ? t('studyPanels.homework.confirmDelete', { name: confirm.file_name }) : null}
      </ConfirmDialog>
    </div>
  );
}
