import type { Translation } from '../translation.types';

/** The family web's profile page (spec part 1 §1: students and parents see their profile). */
export const familyProfile: Translation['familyProfile'] = {
  about: 'About me',
  name: 'Name',
  role: 'Role',
  birthdate: 'Date of birth',
  classes: 'Class',
  email: 'Email',
  phones: 'Phones',
  none: 'Not given',
  children: 'Children',
  noChildren: 'No children have been added to your account yet.',
  inactive: 'inactive',
  classOf: 'Class: {{numbers}}',
  teachers: 'Teachers',
  noTeachers: 'No lessons with teachers in the last 60 days or later.',
  teaches: 'Teaches: {{names}}',
  meetingLinks: 'Meeting links',
  noLinks: 'The teacher has not added meeting links yet.',
  messengers: 'Telegram and Viber',
  changeTitle: 'How to change your details',
  changeText:
    'Your details (name, contacts, children) are changed by the school’s manager. You change your password and the interface language yourself in Settings.',
  toSettings: 'Open Settings',
  loadFailed: 'Could not load the profile.',
  retry: 'Try again',
};
