import type { Translation } from '../translation.types';

/** The two-way bot's answers in a chat (docs/bots.md, "The two-way bot"); times are Kyiv time. */
export const botDialog: Translation['botDialog'] = {
  help:
    'I am the school’s bot. Type a command or press a button:\n' +
    '/next — upcoming lessons\n' +
    '/paid — how many paid lessons are left\n' +
    '/confirm — confirm the next lesson\n' +
    '/decline — say the next lesson will be missed',
  unknown: 'I did not understand that.',
  notConnected:
    'This chat is not connected to the school. In the school’s app open Settings, press “Connect Telegram” or “Connect Viber” and open the copied link on this phone.',
  notForRole: 'The bot answers students and parents. Staff see timetables and payments in the school’s app.',
  noStudents: 'No student is linked to your account. Please contact the school.',
  menu: {
    next: 'Upcoming lessons',
    paid: 'Paid lessons',
  },
  next: {
    title: 'Upcoming lessons (Kyiv time):',
    none: 'no lessons planned',
    confirmed: 'will attend ✅',
    declined: 'will not attend ❌',
  },
  paid: {
    title: 'Lessons by package:',
    line: 'planned: {{upcoming}}, paid of them: {{paid}}',
    until: 'paid until {{date}}',
    none: 'no packages with planned lessons',
  },
  attendance: {
    confirmButton: '✅ {{name}}: will attend {{when}}',
    declineButton: '❌ {{name}}: will not attend',
    pickConfirm: 'Which lesson do you confirm?',
    pickDecline: 'Which lesson will be missed?',
    confirmed: 'Noted: {{name}} will attend the lesson on {{when}}. Thank you!',
    declined:
      'Noted: {{name}} will not attend the lesson on {{when}}. The school will see your answer and contact you if needed.',
    moved: 'This lesson has moved: it is now on {{when}}. Please answer for the new time.',
    closed: 'The lesson has already started or is over: it can no longer be answered.',
    marked: 'The school has already marked this lesson. If something changed, please write to the school.',
    gone: 'This lesson is no longer in the timetable.',
    none: 'There is no upcoming lesson to answer for.',
  },
};
