import type { Translation } from '../translation.types';

export const offlineWrites: Translation['offlineWrites'] = {
  refused: 'No connection to the server. This action cannot wait: try again when the connection is back.',
  pending: 'Pending — will be sent when online',
  pendingCount: 'Waiting to be sent: {{count}}',
  waitingForSignIn: 'The session ended: sign in again with the same account to send.',
  failed: 'Not sent',
  discard: 'Discard',
  listTitle: 'Changes waiting',
  conflictBadge: 'Conflict',
  resolve: 'Resolve',
  kinds: {
    studyUpdate: 'Comment / miss status, study #{{id}}',
    report: 'Report, study #{{id}}',
    message: 'Message, study #{{id}}',
    homework: 'Homework, study #{{id}}',
  },
  conflict: {
    title: 'The text changed while you were offline',
    intro: 'Someone else changed this text after you started. Choose what to keep.',
    mine: 'Your text',
    theirs: 'The text on the server now',
    merged: 'Merged text',
    keepMine: 'Keep mine',
    keepTheirs: 'Keep theirs',
    merge: 'Merge',
    saveMerged: 'Save merged',
    fields: {
      comment: 'Comment',
      miss_status: 'Miss status',
      subject: 'Subject',
      content: 'Report text',
    },
  },
};
