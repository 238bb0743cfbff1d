import type { Translation } from '../translation.types';

export const nav: Translation['nav'] = {
  home: 'Calendar',
  users: 'Users',
  contracts: 'Contracts',
  subscriptions: 'Subscriptions',
  invoices: 'Invoices',
  studies: 'Studies',
  schedules: 'Schedules',
  studyReports: 'Reports',
  analytics: 'Analytics',
  teachers: 'Teachers',
  profile: 'Profile',
  settings: 'Settings',
  logout: 'Logout',
  switchRole: 'Switch role',
  restoreRole: 'Back to my role',
};

export const titles: Translation['titles'] = {
  login: 'Login',
  forgotPassword: 'Forgot Password',
  resetPassword: 'Reset Password',
  home: 'Calendar',
  users: 'Users',
  contracts: 'Contracts',
  subscriptions: 'Subscriptions',
  invoices: 'Invoices',
  studies: 'Studies',
  schedules: 'Schedules',
  studyReports: 'Reports',
  analytics: 'Analytics',
  teachers: 'Teachers',
  profile: 'Profile',
  settings: 'Settings',
  payments: 'Payments',
  imports: 'Import',
};
