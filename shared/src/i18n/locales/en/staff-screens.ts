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
  transfer: {
    mode: 'Transfer',
    modeHint: 'Transfer mode: click a future study to pick a free time of its teacher.',
    notAllowed: 'You cannot move this study.',
    free: 'Free',
    now: 'Now: {{time}}',
    window: 'New time: from {{from}} to {{to}} inclusive.',
    noSlots: 'The teacher has no free time this week. Look at another week.',
    confirmFrom: 'Was',
    confirmTo: 'Becomes',
    save: 'Move',
    done: 'The study was moved to {{time}}.',
  },
};
