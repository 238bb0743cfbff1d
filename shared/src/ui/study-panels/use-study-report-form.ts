import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isWriteQueued, type ApiClient } from '@school/shared/api';
import { ROLE } from '@school/shared/domain';
import { fieldErrors, type FieldIssue } from '../../validation/field-errors';
import { useApi } from '../api-context';
import { useFormSubmit } from '../use-form-submit';
import { statusOf } from './panel-errors';
import {
  fetchPreviousReport,
  type PanelPerson,
  type PreviousReport,
  type StudyReportRow,
} from './study-panels.api';
import { reportBlockedByMiss, REPORT_LIMITS } from './study-panels.rules';
import {
  REPORT_FORM_FIELDS,
  reportFormIssues,
  reportTemplateTexts,
  templateWouldDiscard,
  type ReportTemplate,
  type ReportTexts,
} from './study-report-form';
import { useLiveLoad } from './use-live-load';

export interface ReportStudy {
  id: number;
  start: string;
  end: string;
  miss_status: number;
  users?: (PanelPerson & { pivot?: { role_id?: number | null } | null })[];
}

/** What the form needs before it can show: the study, the student, their report if written. */
export interface ReportFormContext {
  study: ReportStudy;
  student: PanelPerson;
  /** The student's report of this study: the form edits it; null: the form writes a new one. */
  report: StudyReportRow | null;
}

export type ReportContextProblem = 'missingParams' | 'notFound' | 'notStudent' | 'loadFailed';

const STUDENT_ROLE_ID: number = ROLE.Student;

/** Reads the query the spec gives the form (study_id and user_id), or a report id (`?edit=`). */
export function reportFormTarget(
  query: URLSearchParams,
): { studyId: number; userId: number } | { reportId: number } | null {
  const positive = (name: string) => {
    const value = Number(query.get(name));
    return Number.isInteger(value) && value > 0 ? value : null;
  };
  const studyId = positive('study_id');
  const userId = positive('user_id');
  if (studyId !== null && userId !== null) return { studyId, userId };
  const reportId = positive('edit');
  return reportId !== null ? { reportId } : null;
}

/**
 * GET api/studies?filter[id]={id}&with[]=users (spec part 2 §7 "study report form") and the
 * student's report of it (GET api/study_reports with filter[study_id] and filter[user_id]).
 */
export async function loadReportContext(
  client: ApiClient,
  target: { studyId: number; userId: number } | { reportId: number },
  signal?: AbortSignal,
): Promise<ReportFormContext | ReportContextProblem> {
  let studyId: number;
  let userId: number;
  if ('reportId' in target) {
    try {
      const own = await client.get<{ data: StudyReportRow }>(
        `/api/study_reports/${target.reportId}`,
        undefined,
        { signal },
      );
      studyId = Number(own.data.study_id);
      userId = own.data.user_id;
    } catch (error) {
      if (statusOf(error) === 404 || statusOf(error) === 403) return 'notFound';
      throw error;
    }
  } else {
    ({ studyId, userId } = target);
  }
  const studies = await client.get<{ data: ReportStudy[] }>(
    '/api/studies',
    { filter: { id: studyId }, with: ['users'] },
    { signal },
  );
  const study = studies.data[0];
  if (!study) return 'notFound';
  const participant = study.users?.find((u) => u.id === userId);
  if (!participant) return 'notFound';
  const roleId = participant.pivot?.role_id ?? participant.role?.id ?? participant.role_id;
  if (roleId !== STUDENT_ROLE_ID) return 'notStudent';
  const reports = await client.get<{ data: StudyReportRow[] }>(
    '/api/study_reports',
    {
      filter: { study_id: studyId, user_id: userId },
      select: ['id', 'study_id', 'user_id', 'subject', 'content', 'updated_at'],
    },
    { signal },
  );
  return { study, student: participant, report: reports.data[0] ?? null };
}

export function useReportFormContext(target: ReturnType<typeof reportFormTarget>): {
  loading: boolean;
  context: ReportFormContext | null;
  problem: ReportContextProblem | null;
  reload(): void;
} {
  const { client } = useApi();
  const key = target ? JSON.stringify(target) : null;
  const load = useCallback(
    (signal: AbortSignal) =>
      loadReportContext(client, JSON.parse(key!) as NonNullable<typeof target>, signal),
    [client, key],
  );
  const studyId = target && 'studyId' in target ? target.studyId : 0;
  const answer = useLiveLoad(studyId, key ? load : null);
  if (!target) return { loading: false, context: null, problem: 'missingParams', reload: answer.reload };
  const data = answer.data;
  return {
    loading: answer.loading,
    context: data && typeof data === 'object' ? data : null,
    problem: typeof data === 'string' ? data : answer.error && !data ? 'loadFailed' : null,
    reload: answer.reload,
  };
}

export interface StudyReportFormState {
  mode: 'create' | 'update';
  values: ReportTexts;
  setValue(field: 'subject' | 'content', value: string): void;
  errorOf(field: 'subject' | 'content'): string | undefined;
  formError: string | null;
  /** Spec part 1 §4: "Cannot write report when miss status is set". */
  blocked: boolean;
  applyTemplate(template: ReportTemplate): void;
  /** A template waiting for the teacher's yes (it would overwrite what they typed). */
  pendingTemplate: ReportTemplate | null;
  confirmTemplate(): void;
  cancelTemplate(): void;
  submitting: boolean;
  onSubmit(event?: { preventDefault(): void }): Promise<boolean>;
  dirty: boolean;
  limits: typeof REPORT_LIMITS;
  previous: { shown: boolean; loading: boolean; report: PreviousReport | null; toggle(): void; use(): void };
}

/** The study report form over a loaded context: create or edit, templates, checks, server errors. */
export function useStudyReportForm(
  context: ReportFormContext,
  onSaved: (report: StudyReportRow) => void,
  /** The staff app's offline queue kept the report: it is sent when the server is back. */
  onQueued?: () => void,
): StudyReportFormState {
  const { t } = useTranslation();
  const { client } = useApi();
  const initial = useMemo<ReportTexts>(
    () => ({ subject: context.report?.subject ?? '', content: context.report?.content ?? '' }),
    [context.report],
  );
  const [values, setValues] = useState<ReportTexts>(initial);
  const [issues, setIssues] = useState<FieldIssue[]>([]);
  const [pendingTemplate, setPendingTemplate] = useState<ReportTemplate | null>(null);
  const [showPrevious, setShowPrevious] = useState(false);
  const reportId = context.report?.id ?? null;
  const blocked = reportBlockedByMiss(context.study.miss_status);

  const save = useCallback(
    async (body: ReportTexts) => {
      // An edit names the version it was based on: if it waits offline, a report changed meanwhile
      // is a conflict the teacher resolves, not an overwrite.
      const version = context.report?.updated_at;
      try {
        const answer =
          reportId === null
            ? await client.post<{ data: StudyReportRow }>('/api/study_reports', {
                study_id: context.study.id,
                user_id: context.student.id,
                ...body,
              })
            : await client.patch<{ data: StudyReportRow }>(`/api/study_reports/${reportId}`, body, {
                baseVersion: version,
              });
        onSaved(answer.data);
      } catch (error) {
        if (!isWriteQueued(error) || !onQueued) throw error;
        onQueued();
      }
    },
    [client, reportId, context.study.id, context.student.id, context.report?.updated_at, onSaved, onQueued],
  );
  const form = useFormSubmit(save, REPORT_FORM_FIELDS);

  const loadPrevious = useCallback(
    (signal: AbortSignal) => fetchPreviousReport(client, context.study.id, context.student.id, signal),
    [client, context.study.id, context.student.id],
  );
  const previous = useLiveLoad(context.study.id, showPrevious ? loadPrevious : null);

  const setValue = (field: 'subject' | 'content', value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setIssues((current) => current.filter((issue) => issue.path !== field));
  };
  const apply = (texts: ReportTexts) => {
    setValues(texts);
    setIssues([]);
  };
  const clientErrors = fieldErrors(issues, t);

  return {
    mode: reportId === null ? 'create' : 'update',
    values,
    setValue,
    errorOf: (field) => clientErrors[field]?.[0] ?? form.fieldErrors[field],
    formError: form.formError,
    blocked,
    applyTemplate(template) {
      const next = reportTemplateTexts(template, t);
      if (templateWouldDiscard(values, next)) setPendingTemplate(template);
      else apply(next);
    },
    pendingTemplate,
    confirmTemplate() {
      if (pendingTemplate) apply(reportTemplateTexts(pendingTemplate, t));
      setPendingTemplate(null);
    },
    cancelTemplate: () => setPendingTemplate(null),
    submitting: form.submitting,
    async onSubmit(event) {
      event?.preventDefault();
      if (blocked) return false;
      const found = reportFormIssues({ study_id: context.study.id, user_id: context.student.id, ...values });
      setIssues(found);
      if (found.length > 0) return false;
      return form.submit({ subject: values.subject.trim(), content: values.content.trim() });
    },
    dirty: values.subject !== initial.subject || values.content !== initial.content,
    limits: REPORT_LIMITS,
    previous: {
      shown: showPrevious,
      loading: showPrevious && previous.loading,
      report: previous.data ?? null,
      toggle: () => setShowPrevious((shown) => !shown),
      use() {
        const report = previous.data;
        if (report) apply({ subject: report.subject ?? '', content: report.content ?? '' });
      },
    },
  };
}
