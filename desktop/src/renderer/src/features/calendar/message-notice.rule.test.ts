import { describe, expect, it } from 'vitest';
import { ROLE } from '@school/shared/domain';
import { NOTICE_BODY_MAX, noticeBody, shouldNotifyOfMessage } from './message-notice.rule';

const base = {
  viewerId: 10,
  viewerRoleId: ROLE.Teacher,
  authorId: 20,
  participantIds: [10, 20],
  teacherIds: [10],
};

describe('who is notified of a chat message', () => {
  it('the teacher of the study hears of a message from someone else', () => {
    expect(shouldNotifyOfMessage(base)).toBe(true);
  });
  it('never of their own message', () => {
    expect(shouldNotifyOfMessage({ ...base, authorId: 10 })).toBe(false);
  });
  it('a Methodologist who is the teacher participant is notified', () => {
    expect(shouldNotifyOfMessage({ ...base, viewerRoleId: ROLE.Methodologist })).toBe(true);
  });
  it('a Teacher taking part without the teacher pivot role is still notified', () => {
    expect(shouldNotifyOfMessage({ ...base, teacherIds: [] })).toBe(true);
  });
  it('staff looking at a study they do not teach hear nothing', () => {
    expect(
      shouldNotifyOfMessage({
        ...base,
        viewerRoleId: ROLE.Administrator,
        teacherIds: [30],
        participantIds: [20, 30],
      }),
    ).toBe(false);
    expect(shouldNotifyOfMessage({ ...base, participantIds: [20, 30], teacherIds: [30] })).toBe(false);
  });
});

describe('the notification body', () => {
  it('keeps short messages whole and cuts long ones to 100 characters', () => {
    expect(noticeBody('  Завтра\n контрольна ')).toBe('Завтра контрольна');
    const long = noticeBody('а'.repeat(300));
    expect(long).toHaveLength(NOTICE_BODY_MAX);
    expect(long.endsWith('…')).toBe(true);
  });
});
