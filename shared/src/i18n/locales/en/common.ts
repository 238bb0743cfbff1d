import type { Translation } from '../translation.types';

export const app: Translation['app'] = {
  name: 'Online School',
  titleSeparator: ' | ',
};

export const common: Translation['common'] = {
  save: 'Save',
  cancel: 'Cancel',
  delete: 'Delete',
  areYouSure: 'Are you sure?',
  add: 'Add',
  edit: 'Edit',
  close: 'Close',
  logout: 'Logout',
  settings: 'Settings',
  profile: 'Profile',
  language: 'Language',
  today: 'Today',
  refresh: 'Refresh',
  hide: 'Hide',
  unpaid: 'Unpaid',
  yes: 'Yes',
  no: 'No',
  all: 'All',
  notAvailable: 'N/A',
  deleted: 'DELETED',
  loading: 'Loading…',
  search: 'Search',
  total: 'Total',
  success: 'Success',
  error: 'Error',
};

export const roles: Translation['roles'] = {
  1: 'Administrator',
  2: 'Manager',
  3: 'Teacher',
  4: 'Student',
  5: 'Responsible',
  6: 'Lead',
  7: 'Methodologist',
  8: 'Guest',
};

export const languages: Translation['languages'] = {
  uk: 'Українська',
  ru: 'Русский',
  en: 'English',
};
