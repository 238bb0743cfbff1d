import {
  Button,
  ButtonGroup,
  Callout,
  Dialog,
  DialogBody,
  FormGroup,
  InputGroup,
  NonIdealState,
  Spinner,
  TextArea,
} from '@blueprintjs/core';
import { useQueryClient } from '@tanstack/react-query';
import { DateTime } from 'luxon';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TIME_FORMAT, TIME_ZONE, TOAST_MS, WEEKDAY_DATE_TIME_FORMAT } from '@school/shared/domain';
import { useRouter } from '@school/shared/ui';
import {
  REPORT_TEMPLATES,
  reportFormTarget,
  useReportFormContext,
  useStudyReportForm,
  type ReportFormContext,
} from '@school/shared/ui/study-panels';
import { useAbility } from '../../app/ability-context';
import { useServices } from '../../app/services-context';
import { ConfirmDialog } from '../../kit/admin-widgets/confirm-dialog';
import { calendarKeys } from '../../kit/calendar-data/calendar-api';
import { backgroundOf } from '../../kit/admin-forms/admin-form-route';
import { StudyReportTargetPicker } from './study-report-target-picker';
import './study-report-form.css';
import { ADMIN_PAGES } from '../../../../common/admin-pages';

function studyTime(start: string, end: string, language: string): string {
  const from = DateTime.fromISO(start, { zone: TIME_ZONE }).setLocale(language);
  const to = DateTime.fromISO(end, { zone: TIME_ZONE });
  return `${from.toFormat(WEEKDAY_DATE_TIME_FORMAT)}–${to.toFormat(TIME_FORMAT)}`;
}

function ReportForm({
  context,
  onDone,
  onCancel,
  onDirtyChange,
}: {
  context: ReportFormContext;
  onDone(): void;
  onCancel(dirty: boolean): void;
  onDirtyChange(dirty: boolean): void;
}) {
  const { t, i18n } = useTranslation();
  const { toasts } = useServices();
  const queryClient = useQueryClient();
  const onSaved = useCallback(() => {
    // The calendar's report notices and the modal's Write / Edit buttons follow the new report.
    void queryClient.invalidateQueries({ queryKey: calendarKeys.all });
    toasts.show({ intent: 'success', message: t('studyPanels.reportForm.saved'), timeoutMs: TOAST_MS.short });
    onDone();
  }, [queryClient, toasts, t, onDone]);
  // Saved offline (issue 34): kept on this computer and sent when the server is back; the study
  // modal shows it pending.
  const onQueued = useCallback(() => {
    toasts.show({ intent: 'warning', message: t('offlineWrites.pending'), timeoutMs: TOAST_MS.short });
    onDone();
  }, [toasts, t, onDone]);
  const form = useStudyReportForm(context, onSaved, onQueued);
  useEffect(() => onDirtyChange(form.dirty), [form.dirty, onDirtyChange]);
  const { subjectMin, subjectMax, contentMin } = form.limits;
  const subjectError = form.errorOf('subject');
  const contentError = form.errorOf('content');
  const contentLength = form.values.content.trim().length;

  return (
    <form
      className="report-form"
      onSubmit={(event) => void form.onSubmit(event)}
      noValidate
      data-testid="report-form"
      data-mode={form.mode}
    >
      <div className="report-form__card">
        <dl className="report-form__facts">
          <dt>{t('studyPanels.reportForm.student')}</dt>
          <dd data-testid="report-student">{context.student.full_name}</dd>
          <dt>{t('studyPanels.reportForm.study')}</dt>
          <dd data-testid="report-study">
            {studyTime(context.study.start, context.study.end, i18n.language)}
          </dd>
        </dl>
        {form.blocked ? (
          <Callout
            intent="warning"
            icon="disable"
            className="report-form__blocked"
            data-testid="report-blocked"
          >
            {t('reports.miss_status_blocked')}
          </Callout>
        ) : null}
        <fieldset className="report-form__fields" disabled={form.blocked || form.submitting}>
          <FormGroup label={t('studyPanels.reportForm.template')} className="report-form__templates">
            <ButtonGroup>
              {REPORT_TEMPLATES.map((template) => (
                <Button
                  key={template}
                  text={t(`studyPanels.reportForm.templates.${template}`)}
                  onClick={() => form.applyTemplate(template)}
                  disabled={form.blocked}
                  data-testid={`report-template-${template}`}
                />
              ))}
            </ButtonGroup>
          </FormGroup>
          <FormGroup
            label={t('studyPanels.reportForm.subject')}
            labelFor="report-subject"
            intent={subjectError ? 'danger' : 'none'}
            helperText={
              subjectError ? (
                <span data-testid="subject-error">{subjectError}</span>
              ) : (
                t('studyPanels.reportForm.subjectHint', { min: subjectMin, max: subjectMax })
              )
            }
          >
            <InputGroup
              id="report-subject"
              name="subject"
              value={form.values.subject}
              intent={subjectError ? 'danger' : 'none'}
              onChange={(event) => form.setValue('subject', event.currentTarget.value)}
              data-testid="report-subject"
            />
          </FormGroup>
          <FormGroup
            label={t('studyPanels.reportForm.content')}
            labelFor="report-content"
            intent={contentError ? 'danger' : 'none'}
            helperText={
              contentError ? (
                <span data-testid="content-error">{contentError}</span>
              ) : (
                <span
                  className={contentLength >= contentMin ? 'report-form__counter--ok' : undefined}
                  data-testid="content-counter"
                >
                  {t('studyPanels.reportForm.contentCounter', { count: contentLength, min: contentMin })}
                </span>
              )
            }
          >
            <TextArea
              id="report-content"
              name="content"
              fill
              rows={10}
              value={form.values.content}
              intent={contentError ? 'danger' : 'none'}
              onChange={(event) => form.setValue('content', event.currentTarget.value)}
              data-testid="report-content"
            />
          </FormGroup>
        </fieldset>
        <div className="report-form__previous">
          <Button
            variant="minimal"
            icon="history"
            text={t('studyPanels.reportForm.previous')}
            active={form.previous.shown}
            loading={form.previous.loading}
            onClick={form.previous.toggle}
            data-testid="report-previous"
          />
          {form.previous.shown && !form.previous.loading ? (
            <Callout compact className="report-form__previous-text" data-testid="report-previous-text">
              {form.previous.report ? (
                <>
                  <strong>{form.previous.report.subject}</strong>
                  <p>{form.previous.report.content}</p>
                  {form.blocked ? null : (
                    <Button
                      size="small"
                      icon="duplicate"
                      text={t('studyPanels.reportForm.usePrevious')}
                      onClick={form.previous.use}
                      data-testid="report-use-previous"
                    />
                  )}
                </>
              ) : (
                t('studyPanels.reportForm.previousNone')
              )}
            </Callout>
          ) : null}
        </div>
        {form.formError ? (
          <Callout intent="danger" className="report-form__error" data-testid="report-form-error">
            {form.formError}
          </Callout>
        ) : null}
        <div className="report-form__actions">
          <Button
            text={t('studyPanels.cancel')}
            onClick={() => onCancel(form.dirty)}
            data-testid="report-back"
          />
          <Button
            type="submit"
            intent="primary"
            icon="floppy-disk"
            text={t('studyPanels.reportForm.save')}
            disabled={form.blocked}
            loading={form.submitting}
            data-testid="report-save"
          />
        </div>
      </div>
      <ConfirmDialog
        isOpen={form.pendingTemplate !== null}
        intent="warning"
        icon="warning-sign"
        testId="report-template-confirm"
        confirmText={t('studyPanels.reportForm.replace')}
        onConfirm={form.confirmTemplate}
        onCancel={form.cancelTemplate}
      >
        {t('studyPanels.reportForm.replaceConfirm')}
      </ConfirmDialog>
    </form>
  );
}

/**
 * The study report form (spec part 2 §2 "Study report form") in a dialog over the page it was
 * opened from (the calendar and its study modal), like the studies page's form: `?create&study_id=…
 * &user_id=…` (Write Report) or `?edit=id` (Edit Report). It edits the student's report of that
 * study when one exists, otherwise writes a new one. Closing goes back to that page; closing with
 * unsaved text asks first.
 */
export function StudyReportFormRoute() {
  const { t } = useTranslation();
  const { query, state, navigate } = useRouter();
  const ability = useAbility();
  const search = query.toString();
  const open = query.has('create') || query.has('edit') || (query.has('study_id') && query.has('user_id'));
  const target = open ? reportFormTarget(new URLSearchParams(search)) : null;
  const { loading, context, problem, reload } = useReportFormContext(open ? target : null);
  const [confirming, setConfirming] = useState(false);
  const [dirty, setDirty] = useState(false);
  const background = backgroundOf(state);
  const onClose = useCallback(
    () => navigate(background ?? STUDY_REPORTS_PAGE, { replace: true }),
    [navigate, background],
  );
  if (!open) return null;

  let body;
  if (!ability.can('create', 'study_report') && !ability.can('update', 'study_report')) {
    body = (
      <NonIdealState
        icon="lock"
        description={<span data-testid="report-form-problem">{t('studyPanels.reportForm.noAccess')}</span>}
      />
    );
  } else if (target === null && query.has('create')) {
    body = (
      <StudyReportTargetPicker
        onChosen={(studyId, userId) =>
          navigate(`${STUDY_REPORTS_PAGE}?create&study_id=${studyId}&user_id=${userId}`, {
            replace: true,
            state,
          })
        }
        onCancel={onClose}
      />
    );
  } else if (target === null) {
    body = (
      <NonIdealState
        icon="search"
        description={
          <span data-testid="report-form-problem">{t('studyPanels.reportForm.missingParams')}</span>
        }
      />
    );
  } else if (loading) {
    body = <Spinner className="report-form__spinner" />;
  } else if (problem || !context) {
    body = (
      <NonIdealState
        icon={problem === 'loadFailed' ? 'error' : 'search'}
        description={
          <span data-testid="report-form-problem">
            {t(`studyPanels.reportForm.${problem ?? 'notFound'}`)}
          </span>
        }
        action={
          problem === 'loadFailed' ? <Button text={t('studyPanels.retry')} onClick={reload} /> : undefined
        }
      />
    );
  } else {
    body = (
      <ReportForm
        key={`${context.study.id}-${context.student.id}-${context.report?.id ?? 0}`}
        context={context}
        onDone={onClose}
        onCancel={(changed) => (changed ? setConfirming(true) : onClose())}
        onDirtyChange={setDirty}
      />
    );
  }
  const title = context?.report
    ? t('studyPanels.reportForm.titleEdit')
    : t('studyPanels.reportForm.titleCreate');
  return (
    <Dialog
      isOpen
      title={title}
      icon="document"
      className="report-form-dialog"
      onClose={() => (dirty && context ? setConfirming(true) : onClose())}
      canOutsideClickClose={false}
    >
      <DialogBody>{body}</DialogBody>
      <ConfirmDialog
        isOpen={confirming}
        intent="warning"
        icon="warning-sign"
        testId="report-discard-confirm"
        confirmText={t('studyPanels.reportForm.discard')}
        cancelText={t('studyPanels.reportForm.keepEditing')}
        onConfirm={() => {
          setConfirming(false);
          onClose();
        }}
        onCancel={() => setConfirming(false)}
      >
        {t('studyPanels.reportForm.discardConfirm')}
      </ConfirmDialog>
    </Dialog>
  );
}

export const STUDY_REPORTS_PAGE = ADMIN_PAGES.reports.path;
