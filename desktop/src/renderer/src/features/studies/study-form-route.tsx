import { calendarKeys } from '../../kit/calendar-data/calendar-api';
import { adminFormOverlay } from '../../kit/admin-forms/admin-form-route';
import type { AdminFormDefinition, AdminFormProps } from '../../kit/admin-forms/admin-form.types';
import { STUDY_PRESET_TYPES } from './study-form.mapper';
import { StudyForm } from './study-form';
import { ADMIN_PAGES } from '../../../../common/admin-pages';

export const STUDIES_PAGE = ADMIN_PAGES.studies.path;

function StudyAdminForm({ id, ...props }: AdminFormProps) {
  return <StudyForm studyId={id} {...props} />;
}

/**
 * `/admin/studies?create&…` and `?edit=<id>`: the study form over the page it was opened from
 * (the calendar) or over the studies page; a save refreshes the calendars too.
 */
export const studyFormDefinition: AdminFormDefinition = {
  resource: 'studies',
  pagePath: STUDIES_PAGE,
  Form: StudyAdminForm,
  texts: {
    createTitle: 'studyForm.createTitle',
    editTitle: 'studyForm.editTitle',
    created: 'studyForm.created',
    saved: 'studyForm.saved',
  },
  presetTypes: STUDY_PRESET_TYPES,
  invalidates: [calendarKeys.all],
};

export const StudyFormRoute = adminFormOverlay(studyFormDefinition);
