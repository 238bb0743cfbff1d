import type { AdminFormDefinition } from '../../kit/admin-forms/admin-form.types';
import { calendarKeys } from '../../kit/calendar-data/calendar-api';
import { ScheduleForm } from './schedule-form';
import { ADMIN_PAGES } from '../../../../common/admin-pages';

export const SCHEDULES_PAGE = ADMIN_PAGES.schedules.path;

/**
 * `/admin/schedules?create&user_id=…&start_at=…`, `?create&copy_of=<id>` (prolong) and `?edit=<id>` (spec part 1 §2): the schedule
 * form in the admin dialog; a save refreshes the calendars' work time and the teachers listing.
 */
export const scheduleFormDefinition: AdminFormDefinition = {
  resource: 'schedules',
  pagePath: SCHEDULES_PAGE,
  Form: ScheduleForm,
  texts: {
    createTitle: 'scheduleForm.createTitle',
    editTitle: 'scheduleForm.editTitle',
    created: 'scheduleForm.created',
    saved: 'scheduleForm.saved',
  },
  // `copy_of=<id>`: the table's prolong opens the form filled from that schedule.
  presetTypes: { copy_of: 'int' },
  invalidates: [calendarKeys.all, ['resources', 'teachers']],
  className: 'schedule-form-dialog',
};
