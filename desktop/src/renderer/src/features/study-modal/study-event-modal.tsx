import {
  Button,
  Callout,
  Classes,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  Tag,
  TextArea,
} from '@blueprintjs/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isApiError, isWriteQueued } from '@school/shared/api';
import { DateTime } from 'luxon';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ROLE, TIME_FORMAT, TIME_ZONE, TOAST_MS, WEEKDAY_DATE_TIME_FORMAT } from '@school/shared/domain';
import { nextProgressBoundary } from '@school/shared/rules';
import { toMillis } from '@school/shared/ui/calendar';
import { useApi, useAuth } from '@school/shared/ui';
import type { CalendarStudy } from '@school/shared/ui/calendar';
import { useAbility } from '../../app/ability-context';
import { useServices } from '../../app/services-context';
import { calendarKeys, updateStudy, type StudyUpdate } from '../../kit/calendar-data/calendar-api';
import { PendingWriteNote } from '../offline/pending-write-note';
import { usePendingWrites, writtenFields } from '../offline/write-queue-sync';
import { MissStatusField } from './study-miss-status-field';
import { StudyModalSections } from './study-modal-sections';
import { studyModalAccess } from './study-modal.rules';
import { StudyAttendance } from './study-attendance';
import { StudyParticipants } from './study-participants';
import './study-event-modal.css';

export interface StudyEventModalProps {
  /** The study as the calendar loaded it; null when it disappeared (deleted elsewhere). */
  study: CalendarStudy | null;
  studyId: number;
  calendarUserId: number;
  onClose(): void;
}

/** Browsers run a longer delay at once; a far start is waited for in steps. */
const MAX_TIMEOUT_MS = 2 ** 31 - 1;

/**
 * The clock the in-progress rules read: it ticks exactly at the study's start and end (spec part 1
 * §4: notify only while the study runs), so the notify button shows and hides to the second.
 */
function useProgressClock(study: CalendarStudy | null): number {
  const [now, setNow] = useState(() => Date.now());
  const start = study?.start;
  const end = study?.end;
  useEffect(() => {
    if (start === undefined || end === undefined) return;
    const next = nextProgressBoundary({ start, end }, now);
    if (next === null) return;
    const timer = setTimeout(
      () => setNow(Date.now()),
      Math.min(Math.max(next - Date.now(), 0), MAX_TIMEOUT_MS),
    );
    return () => clearTimeout(timer);
  }, [start, end, now]);
  return now;
}

function formatTime(study: CalendarStudy, language: string): string {
  const start = DateTime.fromMillis(toMillis(study.start), { zone: TIME_ZONE }).setLocale(language);
  const end = DateTime.fromMillis(toMillis(study.end), { zone: TIME_ZONE }).setLocale(language);
  return `${start.toFormat(WEEKDAY_DATE_TIME_FORMAT)}–${end.toFormat(TIME_FORMAT)}`;
}

/** The study event modal (spec part 1 §2): time, people, contacts, notify, comment, miss status. */
export function StudyEventModal({ study, studyId, calendarUserId, onClose }: StudyEventModalProps) {
  const { t, i18n } = useTranslation();
  const { user } = useAuth();
  const { client } = useApi();
  const { toasts, reportError } = useServices();
  const queryClient = useQueryClient();
  const ability = useAbility();
  const now = useProgressClock(study);
  const roleId = user?.role_id ?? ROLE.Guest;

  // Saved offline and not sent yet (issue 34): the form shows the teacher's newest text, not the server's.
  const queued = usePendingWrites({ studyId, kind: 'studyUpdate' });
  const queuedFields = Object.assign({}, ...queued.map(writtenFields)) as Record<string, string | undefined>;
  const commentWrite = queued.findLast((write) => 'comment' in writtenFields(write));
  const missWrite = queued.findLast((write) => 'miss_status' in writtenFields(write));
  const baseComment = queuedFields.comment ?? study?.comment ?? '';
  const baseMiss =
    queuedFields.miss_status !== undefined ? Number(queuedFields.miss_status) : (study?.miss_status ?? 0);

  const [comment, setComment] = useState(baseComment);
  const [missStatus, setMissStatus] = useState<number>(baseMiss);
  // A live update of the same study refreshes the form unless the user already typed.
  const [dirty, setDirty] = useState(false);
  // The version the teacher started typing on: a save that waits in the offline queue over a study
  // changed since then becomes a conflict the teacher resolves, never a silent overwrite.
  const [editBase, setEditBase] = useState<string | undefined>(undefined);
  const startEditing = () => {
    if (!dirty) setEditBase(study?.updated_at);
    setDirty(true);
  };
  // Server field errors go under their fields (spec part 2 §4, §8); anything else is a global toast.
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<keyof StudyUpdate, string>>>({});
  useEffect(() => {
    if (!study || dirty) return;
    setComment(baseComment);
    setMissStatus(baseMiss);
  }, [study, dirty, baseComment, baseMiss]);

  const save = useMutation({
    mutationFn: (update: StudyUpdate) =>
      updateStudy(client, studyId, update, dirty ? editBase : study?.updated_at),
    meta: { silent: true },
    onMutate: () => setFieldErrors({}),
    onError: (error) => {
      if (isWriteQueued(error)) {
        // Kept on this computer; the form stays open showing it pending until it is sent.
        setDirty(false);
        return;
      }
      const byField = isApiError(error) ? error.firstFieldErrors() : {};
      const shown = { comment: byField.comment, miss_status: byField.miss_status };
      if (shown.comment || shown.miss_status) setFieldErrors(shown);
      const others = Object.keys(byField).filter((field) => field !== 'comment' && field !== 'miss_status');
      if ((!shown.comment && !shown.miss_status) || others.length > 0) reportError(error);
    },
    onSuccess: (answer) => {
      queryClient.setQueryData<CalendarStudy[]>(calendarKeys.studies(calendarUserId), (list) =>
        list?.map((s) => (s.id === studyId ? { ...s, ...answer } : s)),
      );
      void queryClient.invalidateQueries({ queryKey: calendarKeys.all });
      toasts.show({ intent: 'success', message: t('calendarUi.modal.saved'), timeoutMs: TOAST_MS.short });
      onClose();
    },
  });

  const title = t('calendarUi.modal.title', { id: studyId });
  if (!study) {
    return (
      <Dialog isOpen onClose={onClose} title={title} className="study-modal">
        <DialogBody>
          <Callout intent="warning" data-testid="study-not-found">
            {t('calendarUi.modal.notFound')}
          </Callout>
        </DialogBody>
      </Dialog>
    );
  }

  const {
    inProgress,
    showContacts,
    showNotify,
    canComment,
    showMissStatus,
    canMissStatus,
    canSave,
    canWriteReports,
  } = studyModalAccess(study, roleId, ability, now);

  const changes: StudyUpdate = {};
  if (canComment && comment !== baseComment) changes.comment = comment;
  if (canMissStatus && missStatus !== baseMiss) changes.miss_status = missStatus;
  const changed = Object.keys(changes).length > 0;

  return (
    <Dialog isOpen onClose={onClose} title={title} icon="calendar" className="study-modal">
      <DialogBody>
        <div className="study-modal__body" data-testid="study-modal">
          <div className="study-modal__time" data-testid="study-time">
            <strong>{formatTime(study, i18n.language)}</strong>
            {inProgress ? (
              <Tag intent="success" round minimal>
                {t('calendarUi.modal.inProgress')}
              </Tag>
            ) : null}
            {study.trial ? (
              <Tag intent="success" round>
                {t('calendar.markers.trial')}
              </Tag>
            ) : null}
          </div>
          <StudyParticipants study={study} showContacts={showContacts} showNotify={showNotify} />
          <StudyAttendance study={study} />
          {canComment ? (
            <FormGroup
              label={t('calendarUi.modal.comment')}
              labelFor="study-comment"
              className="study-modal__comment"
              intent={fieldErrors.comment ? 'danger' : 'none'}
              helperText={
                fieldErrors.comment ? (
                  <span data-testid="study-comment-error">{fieldErrors.comment}</span>
                ) : undefined
              }
            >
              <TextArea
                id="study-comment"
                fill
                autoResize
                value={comment}
                placeholder={t('calendarUi.modal.commentPlaceholder')}
                onChange={(event) => {
                  startEditing();
                  setComment(event.currentTarget.value);
                }}
                data-testid="study-comment"
              />
              {commentWrite ? <PendingWriteNote write={commentWrite} testId="study-comment-pending" /> : null}
            </FormGroup>
          ) : null}
          {showMissStatus ? (
            <MissStatusField
              roleId={roleId}
              saved={study.miss_status}
              value={missStatus}
              error={fieldErrors.miss_status}
              onChange={(value) => {
                startEditing();
                setMissStatus(value);
              }}
            />
          ) : null}
          {showMissStatus && missWrite ? (
            <PendingWriteNote write={missWrite} testId="study-miss-pending" />
          ) : null}
          <StudyModalSections
            study={study}
            canWriteReports={canWriteReports}
            calendarUserId={calendarUserId}
          />
        </div>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('calendarUi.modal.close')} onClick={onClose} data-testid="study-close" />
            {canSave ? (
              <Button
                intent="primary"
                text={t('calendarUi.modal.save')}
                disabled={!changed}
                loading={save.isPending}
                onClick={() => save.mutate(changes)}
                data-testid="study-save"
              />
            ) : null}
          </>
        }
      >
        <span className={Classes.TEXT_MUTED}>#{study.id}</span>
      </DialogFooter>
    </Dialog>
  );
}
