import type { TranslateFn } from '@school/shared/api';
import { studyReportSchema } from '../../validation/study-report.schema';
import { parseBody, type FieldIssue } from '../../validation/field-errors';

/**
 * The pure parts of the study report form (spec part 2 §2 "Study report form", §5): the templates
 * Empty, Trial and General Report, the question whether a template would overwrite typed text,
 * and the client check of subject (5-255) and content (at least 170) with the server's schema.
 */
export const REPORT_TEMPLATES = ['empty', 'trial', 'general'] as const;
export type ReportTemplate = (typeof REPORT_TEMPLATES)[number];

export interface ReportTexts {
  subject: string;
  content: string;
}

/** The canned texts of a template in the interface language; Empty clears both fields. */
export function reportTemplateTexts(template: ReportTemplate, t: TranslateFn): ReportTexts {
  if (template === 'empty') return { subject: '', content: '' };
  return {
    subject: t(`studyPanels.reportTemplates.${template}.subject`),
    content: t(`studyPanels.reportTemplates.${template}.content`),
  };
}

/** Applying a template replaces the fields: ask first when the teacher typed something else. */
export function templateWouldDiscard(current: ReportTexts, next: ReportTexts): boolean {
  const typed = current.subject.trim() !== '' || current.content.trim() !== '';
  return typed && (current.subject !== next.subject || current.content !== next.content);
}

export const REPORT_FORM_FIELDS = ['subject', 'content'] as const;

/** Issues of the shown fields (study_id and user_id come from the page's query, the server checks them). */
export function reportFormIssues(values: { study_id: number; user_id: number } & ReportTexts): FieldIssue[] {
  const parsed = parseBody(studyReportSchema, values);
  if (parsed.success) return [];
  return parsed.issues.filter((issue) => (REPORT_FORM_FIELDS as readonly string[]).includes(issue.path));
}
