import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { studentsOf, type CalendarStudy } from '@school/shared/ui/calendar';
import { usePanelAccess, useStudyHomework, type StudyTask } from '@school/shared/ui/study-panels';
import { DownloadIcon, FileIcon, TrashIcon, UploadIcon } from '../../components/icons';

/**
 * Homework in the family modal (spec part 2 §2, §6): the student's own files, or a parent's
 * children's; download always, upload where the study allows it, delete of what one uploaded.
 */
export function FamilyHomeworkPanel({ study }: { study: CalendarStudy }) {
  const { t } = useTranslation();
  const { viewer, ability } = usePanelAccess();
  const panel = useStudyHomework({
    studyId: study.id,
    students: studentsOf(study),
    participantIds: (study.users ?? []).map((u) => u.id),
    viewer,
    ability,
  });
  const [confirm, setConfirm] = useState<StudyTask | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const [target, setTarget] = useState<number | null>(null);
  if (!panel.visible) return null;
  const named = panel.groups.length > 1;

  return (
    <div className="panel" data-testid="homework-panel">
      {panel.loading ? <p className="panel__muted">{t('studyPanels.loading')}</p> : null}
      {panel.loadError ? (
        <p className="panel__error" role="alert">
          {panel.loadError}
        </p>
      ) : null}
      {!panel.loading &&
        !panel.loadError &&
        panel.groups.map(({ student, files }) => (
          <div key={student.id} className="homework__group" data-testid={`homework-student-${student.id}`}>
            {named ? (
              <p className="homework__student">
                {t('studyPanels.homework.forStudent', { name: student.full_name })}
              </p>
            ) : null}
            {files.length === 0 ? <p className="panel__muted">{t('studyPanels.homework.empty')}</p> : null}
            <ul className="homework__files">
              {files.map(({ task, size, canDelete }) =>
                confirm?.id === task.id ? (
                  <li key={task.id} className="panel__confirm" data-testid="homework-confirm">
                    <p>{t('studyPanels.homework.confirmDelete', { name: task.file_name })}</p>
                    <div className="panel__confirm-actions">
                      <button
                        type="button"
                        className="button button--ghost button--small"
                        onClick={() => setConfirm(null)}
                      >
                        {t('studyPanels.cancel')}
                      </button>
                      <button
                        type="button"
                        className="button button--danger button--small"
                        onClick={() => {
                          setConfirm(null);
                          void panel.remove(task);
                        }}
                        data-testid="homework-confirm-delete"
                      >
                        {t('studyPanels.delete')}
                      </button>
                    </div>
                  </li>
                ) : (
                  <li key={task.id} className="homework__file" data-testid={`homework-file-${task.id}`}>
                    <FileIcon className="homework__icon" />
                    <span className="homework__name">
                      <span className="homework__title">{task.file_name}</span>
                      {size ? <span className="homework__size">{size}</span> : null}
                    </span>
                    <button
                      type="button"
                      className="icon-button icon-button--small"
                      aria-label={t('studyPanels.homework.download')}
                      title={t('studyPanels.homework.download')}
                      onClick={() => void panel.download(task)}
                      data-testid={`homework-download-${task.id}`}
                    >
                      <DownloadIcon />
                    </button>
                    {canDelete ? (
                      <button
                        type="button"
                        className="icon-button icon-button--small icon-button--danger"
                        aria-label={t('studyPanels.homework.delete')}
                        title={t('studyPanels.homework.delete')}
                        disabled={panel.deletingId === task.id}
                        onClick={() => setConfirm(task)}
                        data-testid={`homework-delete-${task.id}`}
                      >
                        <TrashIcon />
                      </button>
                    ) : null}
                  </li>
                ),
              )}
            </ul>
            {panel.canUpload ? (
              <button
                type="button"
                className="button button--ghost button--small button--auto"
                disabled={panel.uploadingFor !== null}
                onClick={() => {
                  setTarget(student.id);
                  input.current?.click();
                }}
                data-testid={`homework-upload-${student.id}`}
              >
                <UploadIcon />
                {panel.uploadingFor === student.id
                  ? t('studyPanels.homework.uploading')
                  : t('studyPanels.homework.upload')}
              </button>
            ) : null}
          </div>
        ))}
      {panel.canUpload ? (
        <>
          <input
            ref={input}
            type="file"
            multiple
            hidden
            accept={panel.accept}
            data-testid="homework-input"
            onChange={(event) => {
              const files = Array.from(event.currentTarget.files ?? []);
              event.currentTarget.value = '';
              const studentId = target ?? panel.groups[0]?.student.id;
              if (files.length > 0 && studentId !== undefined) void panel.upload(studentId, files);
            }}
          />
          <p className="panel__hint">{panel.limitHint}</p>
        </>
      ) : null}
      {panel.problem ? (
        <p className="panel__error" role="alert" data-testid="homework-problem">
          {panel.problem}
        </p>
      ) : null}
    </div>
  );
}
