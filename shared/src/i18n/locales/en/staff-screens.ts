import type { Translation } from '../translation.types';

export const staffScreens: Translation['staffScreens'] = {
  deleteProtected: 'This record is protected from deletion',
  totalOfAllRows: '(all filtered records: {{count}})',
  totalOfThisPage: '(records on this page only)',
  reportPicker: {
    study: 'Study',
    studySearch: 'Student name and/or date (dd.mm.yyyy)',
    studyHint: 'Your studies that have begun; with a date, the studies of that day.',
    student: 'Student',
    noStudents: 'no students',
    next: 'Next',
  },
  bots: {
    copyLink: 'Copy the {{type}} connect link',
    connected: '{{type}} connected',
    title: 'Bots',
  },
};
