import type { AdminFormDefinition } from '../admin-forms/admin-form.types';
import { USER_PRESET_TYPES } from './user-form.mapper';
import { UserForm } from './user-form';

export const USERS_PAGE = '/admin/users';

/** `/admin/users?create&…` and `?edit=<id>` (spec part 1 §2): the user form in the admin dialog. */
export const userFormDefinition: AdminFormDefinition = {
  resource: 'users',
  pagePath: USERS_PAGE,
  Form: UserForm,
  texts: { createTitle: 'userForm.createTitle', editTitle: 'userForm.editTitle', created: 'userForm.created', saved: 'userForm.saved' },
  presetTypes: USER_PRESET_TYPES,
  // Teachers' profiles and the calendars' participants change with a user.
  invalidates: [['resources', 'teachers']],
  className: 'user-form-dialog',
};
