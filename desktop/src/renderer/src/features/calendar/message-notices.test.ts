import { describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '@school/shared/api';
import { ROLE } from '@school/shared/domain';
import { createMessageNotices } from './message-notices';

const NOW = Date.parse('2026-11-25T10:00:00Z');
const TEACHER = 10;
const PARENT = 20;

function setup(
  messages: { id: number; user_id: number; content: string; minutesAgo?: number; unread?: boolean }[],
) {
  const client = {
    get: vi.fn(async (path: string) =>
      path === '/api/study_messages'
        ? {
            data: messages.map((m) => ({
              study_id: 5,
              created_at: new Date(NOW - (m.minutesAgo ?? 0) * 60_000).toISOString(),
              user: { id: m.user_id, full_name: m.user_id === PARENT ? 'Мельник Оксана' : 'Шевчук Тарас' },
              ...m,
            })),
          }
        : {
            data: {
              id: 5,
              start: '2026-11-25 12:00:00',
              type_id: 1,
              users: [
                { id: TEACHER, pivot: { role_id: ROLE.Teacher } },
                { id: 30, pivot: { role_id: ROLE.Student } },
              ],
            },
          },
    ),
  } as unknown as ApiClient;
  const native = { notifyMessage: vi.fn(async () => undefined) };
  const notices = createMessageNotices({
    client,
    native,
    viewer: { id: TEACHER, roleId: ROLE.Teacher },
    language: 'uk',
    t: (key, values) => `${key}:${values?.sender ?? ''}|${values?.date ?? ''}`,
    now: () => NOW,
  });
  return { notices, native };
}

describe('message notices of the calendar window', () => {
  it('notifies the newest message of someone else once, however many events its burst brings', async () => {
    const { notices, native } = setup([
      { id: 1, user_id: TEACHER, content: 'Моє' },
      { id: 2, user_id: PARENT, content: 'Ми запізнимося' },
    ]);
    await Promise.all([notices(5), notices(5)]);
    expect(native.notifyMessage).toHaveBeenCalledTimes(1);
    expect(native.notifyMessage).toHaveBeenCalledWith({
      studyId: 5,
      messageId: 2,
      // The lesson's Kyiv time (the month's abbreviation is ICU's business).
      title: expect.stringMatching(/^desktopNotifications\.messageTitle:Мельник Оксана\|25 .+, 12:00$/),
      body: 'Ми запізнимося',
    });
  });

  it('stays silent about one’s own message and an old one a deletion left on top', async () => {
    for (const message of [
      { id: 3, user_id: TEACHER, content: 'Моє' },
      { id: 5, user_id: PARENT, content: 'Давнє', minutesAgo: 60 },
    ]) {
      const { notices, native } = setup([message]);
      await notices(5);
      expect(native.notifyMessage).not.toHaveBeenCalled();
    }
  });
});
