import type { AdminFormDefinition } from '../../kit/admin-forms/admin-form.types';
import { USER_PRESET_TYPES } from './user-form.mapper';
import { UserForm } from './user-form';
import { ADMIN_PAGES } from '../../../../common/admin-pages';

export const USERS_PAGE = ADMIN_PAGES.users.path;

/** `/admin/users?create&…` and `?edit=<id>` (spec part 1 §2): the user form in the admin dialog. */
export const userFormDefinition: AdminFormDefinition = {
  resource: 'users',
  pagePath: USERS_PAGE,
  Form: UserForm,
  texts: {
    createTitle: 'userForm.createTitle',
    editTitle: 'userForm.editTitle',
    created: 'userForm.created',
    saved: 'userForm.saved',
  },
  presetTypes: USER_PRESET_TYPES,
  // Teachers' profiles and the calendars' participants change with a user.
  invalidates: [['resources', 'teachers']],
  className: 'user-form-dialog',
};
