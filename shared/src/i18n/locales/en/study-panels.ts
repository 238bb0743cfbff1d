import type { Translation } from '../translation.types';

/** Homework, messages, study reports and evaluations of a study (spec part 1 §2, part 2 §2, §6, §8). */
export const studyPanels: Translation['studyPanels'] = {
  /** A panel never loaded while the server could be reached (the staff app offline, issue 34). */
  notLoadedOffline: 'Not loaded while online.',
  loading: 'Loading…',
  retry: 'Try again',
  cancel: 'Cancel',
  delete: 'Delete',
  homework: {
    title: 'Homework',
    forStudent: 'For: {{name}}',
    empty: 'No files yet.',
    upload: 'Add files',
    uploading: 'Sending…',
    uploaded: 'Files added',
    download: 'Download',
    delete: 'Delete file',
    confirmDelete: 'Delete the file “{{name}}”? It cannot be restored.',
    deleted: 'File deleted',
    tooLarge: 'The file “{{name}}” is too large: at most {{maxKb}} KB (8 MB).',
    limitHint: 'Documents, images, archives — up to {{maxKb}} KB each.',
    addedBy: 'Added by {{name}}',
    loadFailed: 'Could not load the files.',
    downloadFailed: 'Download failed',
    sizeKb: '{{size}} KB',
    sizeMb: '{{size}} MB',
  },
  messages: {
    title: 'Messages',
    empty: 'No messages yet. Write the first one.',
    placeholder: 'Write a message…',
    send: 'Send',
    sendHint: 'Ctrl+Enter sends',
    delete: 'Delete message',
    confirmDelete: 'Delete this message for everyone?',
    emptyError: 'A message cannot be empty.',
    tooLong: 'The message is too long: at most {{max}} characters.',
    loadFailed: 'Could not load the messages.',
    you: 'You',
    unknownAuthor: 'Unknown author',
  },
  reports: {
    title: 'Teacher’s report',
    none: 'No report on this lesson yet.',
    forChild: 'Report on the lesson: {{name}}',
    loadFailed: 'Could not load the report.',
  },
  reportForm: {
    titleCreate: 'New study report',
    titleEdit: 'Edit study report',
    student: 'Student',
    study: 'Lesson',
    template: 'Template',
    templates: {
      empty: 'Empty',
      trial: 'Trial',
      general: 'General Report',
    },
    replaceConfirm: 'Replace what you wrote with the template?',
    replace: 'Replace',
    subject: 'Subject',
    subjectHint: '{{min}} to {{max}} characters.',
    content: 'Report',
    contentCounter: '{{count}} of at least {{min}} characters',
    previous: 'Previous Report',
    previousNone: 'There is no previous report on this student.',
    usePrevious: 'Start from it',
    save: 'Save report',
    saved: 'Report saved',
    discardConfirm: 'Close the form? What you wrote will not be saved.',
    discard: 'Close',
    keepEditing: 'Keep writing',
    notFound: 'The lesson or the student was not found.',
    notStudent: 'This user is not a student of this lesson.',
    missingParams: 'Open the form from the lesson card: the lesson or the student is missing.',
    loadFailed: 'Could not load the report data.',
    noAccess: 'You may not write reports.',
  },
  reportTemplates: {
    trial: {
      subject: 'Trial lesson: getting acquainted and assessing the level',
      content:
        'We held a trial lesson: got acquainted and talked about learning goals and expectations.\n' +
        'Current level: [topic / section] — confident; [topic / section] — needs revision.\n' +
        'The student [how they worked: focused, answered willingly, asked questions].\n' +
        'We recommend [number] lesson(s) a week. The first lesson will start with [topic] ' +
        'to close the gaps and follow the grade [grade] programme.',
    },
    general: {
      subject: 'Lesson report: [topic]',
      content:
        'Topic: [topic].\n' +
        'What we did: revised the previous lesson, worked through the new topic, did practice exercises.\n' +
        'Going well: [the student’s progress].\n' +
        'Working on: [difficulties, typical mistakes].\n' +
        'Homework: [task and due date].\n' +
        'Recommendations: [what to revise at home before the next lesson].',
    },
  },
  evaluation: {
    title: 'Lesson evaluation',
    score: 'Score: {{score}}',
    accessDenied: 'Access denied',
    notFound: 'No evaluation found',
    failed: 'Failed to load evaluation',
    noReport: 'No report',
  },
};
