import { z } from 'zod';
import { STUDY_REPORT } from '../domain/constants';
import { id, text } from './coercion';
import { TEXT_MAX } from './text-limits';

export const studyReportSchema = z.object({
  study_id: id(),
  user_id: id(),
  subject: text.required(z.string().min(STUDY_REPORT.subjectMin).max(STUDY_REPORT.subjectMax)),
  content: text.required(z.string().min(STUDY_REPORT.contentMin).max(TEXT_MAX.report)),
});
export type StudyReportInput = z.output<typeof studyReportSchema>;
