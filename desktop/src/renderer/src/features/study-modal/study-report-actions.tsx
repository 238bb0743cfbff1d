import { Button, Callout } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi, useRouter } from '@school/shared/ui';
import { fetchPreviousReport } from '@school/shared/ui/study-panels';
import { PendingWriteNote } from '../offline/pending-write-note';
import { usePendingWrites, writtenFields } from '../offline/write-queue-sync';
import { reportFormPath } from './study-modal.api';

/**
 * Write Report / Edit Report and Previous Report for one student of the study (spec part 1 §2, §6:
 * with `create study_report`, never while a miss status is set). The buttons open the report form
 * (the study reports page's `?create` / `?edit` links) in a dialog over the calendar, and show the
 * student's previous report.
 */
export function StudyReportActions({
  studyId,
  studentId,
  reportId,
}: {
  studyId: number;
  studentId: number;
  /** The student's report of this study, when written. */
  reportId: number | null;
}) {
  const { t } = useTranslation();
  const { client } = useApi();
  const { navigate, path, query } = useRouter();
  // The form opens over the calendar (and this modal), and closing it comes back here.
  const search = query.toString();
  const here = { background: search ? `${path}?${search}` : path };
  const [showPrevious, setShowPrevious] = useState(false);
  // The student's report saved offline (issue 34), newest last: its subject and a pending note.
  const queued = usePendingWrites({ studyId, kind: 'report' }).findLast((write) => {
    const fields = writtenFields(write);
    return Number(fields.user_id) === studentId || (reportId !== null && write.path.endsWith(`/${reportId}`));
  });
  const previous = useQuery({
    queryKey: ['study-modal', 'previous-report', studyId, studentId],
    queryFn: () => fetchPreviousReport(client, studyId, studentId),
    enabled: showPrevious,
  });
  return (
    <div className="study-modal__report-actions">
      {/* A report written offline waits in the queue: a second one would be refused when sent. */}
      {reportId === null && queued ? null : reportId === null ? (
        <Button
          size="small"
          icon="add"
          text={t('calendarUi.modal.writeReport')}
          onClick={() => navigate(reportFormPath.create(studyId, studentId), { state: here })}
          data-testid={`report-write-${studentId}`}
        />
      ) : (
        <Button
          size="small"
          icon="edit"
          text={t('calendarUi.modal.editReport')}
          onClick={() => navigate(reportFormPath.edit(reportId), { state: here })}
          data-testid={`report-edit-${studentId}`}
        />
      )}
      <Button
        size="small"
        variant="minimal"
        icon="history"
        text={t('calendarUi.modal.previousReport')}
        active={showPrevious}
        loading={showPrevious && previous.isPending}
        onClick={() => setShowPrevious((shown) => !shown)}
        data-testid={`report-previous-${studentId}`}
      />
      {queued ? (
        <span className="study-modal__report-pending" data-testid={`report-pending-${studentId}`}>
          <em>{writtenFields(queued).subject}</em> <PendingWriteNote write={queued} />
        </span>
      ) : null}
      {showPrevious && !previous.isPending ? (
        <Callout compact className="study-modal__previous" data-testid={`previous-report-${studentId}`}>
          {previous.data ? (
            <>
              <strong>{previous.data.subject}</strong>
              <p>{previous.data.content}</p>
            </>
          ) : (
            t('calendarUi.modal.noPreviousReport')
          )}
        </Callout>
      ) : null}
    </div>
  );
}
