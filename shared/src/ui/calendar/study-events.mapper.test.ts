import { describe, expect, it } from 'vitest';
import { keyT, MANAGER, STUDENT, study, TEACHER, user } from './calendar.test-kit';
import {
  mapStudiesToEvents,
  oneOffStudyIds,
  STUDY_COLORS,
  studyColorKind,
  studyNotices,
  teacherAddress,
} from './study-events.mapper';

const NOW = '2026-11-22T12:00:00+02:00';
const staff = { audience: 'staff' as const, now: NOW, t: keyT };

describe('studyColorKind', () => {
  it('is the default (primary) for a paid study', () => {
    expect(studyColorKind(study(1, '2026-11-23T10:00:00+02:00'))).toBe('default');
  });
  it('marks unpaid, last, bonus, trial, no subscriptions and reserved studies', () => {
    const at = '2026-11-23T10:00:00+02:00';
    expect(studyColorKind(study(1, at, { isPaid: false }))).toBe('unpaid');
    expect(studyColorKind(study(1, at, { isLast: true }))).toBe('last');
    expect(studyColorKind(study(1, at, { isBonus: true, isPaid: false }))).toBe('bonus');
    expect(studyColorKind(study(1, at, { trial: true, subscriptions_count: 0, isPaid: false }))).toBe(
      'trial',
    );
    expect(studyColorKind(study(1, at, { subscriptions_count: 0, isPaid: false }))).toBe('unpaid');
    const newcomer = user(16, 4, { pivot: { role_id: 4, subscription_id: null } });
    expect(studyColorKind(study(1, at, { users: [TEACHER, newcomer], isPaid: false }))).toBe(
      'noSubscriptions',
    );
    const noPivot = { ...STUDENT, pivot: null };
    expect(studyColorKind(study(1, at, { users: [TEACHER, noPivot], subscriptions_count: 0 }))).toBe(
      'noSubscriptions',
    );
    expect(studyColorKind(study(1, at, { users: [TEACHER, MANAGER], isPaid: false }))).toBe('reserved');
  });
  it('follows the precedence reserved > trial > no subscriptions > last > bonus > unpaid', () => {
    const at = '2026-11-23T10:00:00+02:00';
    expect(studyColorKind(study(1, at, { users: [TEACHER, STUDENT, MANAGER], trial: true }))).toBe(
      'reserved',
    );
    expect(studyColorKind(study(1, at, { trial: true, isLast: true }))).toBe('trial');
    expect(studyColorKind(study(1, at, { isLast: true, isBonus: true, isPaid: false }))).toBe('last');
  });
  it('does not call a study without students unpaid (a teacher alone is no lesson to pay)', () => {
    expect(studyColorKind(study(1, '2026-11-23T10:00:00+02:00', { users: [TEACHER], isPaid: false }))).toBe(
      'default',
    );
  });
  it('reads the role of the study (pivot snapshot) before the user role', () => {
    const formerStudent = user(20, 2, { pivot: { role_id: 4, subscription_id: 1 } });
    expect(studyColorKind(study(1, '2026-11-23T10:00:00+02:00', { users: [TEACHER, formerStudent] }))).toBe(
      'default',
    );
  });
});

describe('studyNotices', () => {
  const past = '2026-11-20T10:00:00+02:00';
  it('has none for a future study or a study with a miss status', () => {
    expect(
      studyNotices(study(1, '2026-11-23T10:00:00+02:00', { isNoReport: true, recordings_count: 0 }), NOW),
    ).toEqual([]);
    expect(
      studyNotices(study(1, past, { miss_status: 1, isNoReport: true, recordings_count: 0 }), NOW),
    ).toEqual([]);
  });
  it('reports a missing report, topic and recording on an ended study', () => {
    const s = study(1, past, {
      isNoReport: true,
      recordings_count: 0,
      reports: [{ id: 2, user_id: 15, subject: '  ' }],
    });
    expect(studyNotices(s, NOW)).toEqual(['missingReport', 'missingTopic', 'missingRecording']);
  });
  it('falls back to studyReportCheck / the loaded reports when isNoReport is absent', () => {
    expect(studyNotices(study(1, past, { isNoReport: undefined, studyReportCheck: false }), NOW)).toEqual([
      'missingReport',
    ]);
    expect(
      studyNotices(study(1, past, { isNoReport: undefined, studyReportCheck: undefined, reports: [] }), NOW),
    ).toEqual(['missingReport']);
  });
  it('asks for a recording only from 14 July 2025 (Kyiv)', () => {
    const before = study(1, '2025-07-13T23:30:00+03:00', { recordings_count: 0 });
    const from = study(2, '2025-07-14T00:00:00+03:00', { recordings_count: 0 });
    expect(studyNotices(before, NOW)).toEqual([]);
    expect(studyNotices(from, NOW)).toEqual(['missingRecording']);
  });
  it('does not ask anything of a reserved slot', () => {
    expect(
      studyNotices(study(1, past, { users: [TEACHER, MANAGER], recordings_count: 0, isNoReport: true }), NOW),
    ).toEqual([]);
  });
});

describe('oneOffStudyIds', () => {
  it('marks a study with no weekly sibling within 30 days as one-off', () => {
    const weekly = ['2026-11-02', '2026-11-09', '2026-11-16'].map((d, i) =>
      study(i + 1, `${d}T10:00:00+02:00`),
    );
    const single = study(9, '2026-11-18T15:00:00+02:00');
    expect([...oneOffStudyIds([...weekly, single])]).toEqual([9]);
  });
  it('keeps the series across the autumn clock change (same Kyiv wall-clock time)', () => {
    const a = study(1, '2026-10-19T10:00:00+03:00');
    const b = study(2, '2026-10-26T10:00:00+02:00');
    expect(oneOffStudyIds([a, b]).size).toBe(0);
  });
  it('never marks trials nor slots without students', () => {
    expect(oneOffStudyIds([study(1, '2026-11-18T15:00:00+02:00', { trial: true })]).size).toBe(0);
    expect(oneOffStudyIds([study(1, '2026-11-18T15:00:00+02:00', { users: [TEACHER, MANAGER] })]).size).toBe(
      0,
    );
  });
});

describe('mapStudiesToEvents', () => {
  it('builds the staff title: students with classes, markers, paperclip, notices', () => {
    const s = study(7, '2026-11-20T10:00:00+02:00', {
      isLast: true,
      trial: true,
      comment: 'bring the workbook',
      recordings_count: 0,
    });
    const [event] = mapStudiesToEvents([s], staff);
    expect(event.title).toBe(
      'Sur15 First15 Pat15 (5) calendar.markers.last calendar.markers.trial \u{1F4CE} calendarUi.notices.missingRecording',
    );
    expect(event.id).toBe('study-7');
    expect(event.start).toBe('2026-11-20T10:00:00+02:00');
    expect(event.end).toBe('2026-11-20T11:00:00+02:00');
    expect(event.backgroundColor).toBe(STUDY_COLORS.trial);
    expect(event.extendedProps).toMatchObject({ kind: 'study', studyId: 7 });
    expect(event.extendedProps.display.markers).toEqual(['last', 'trial']);
  });
  it('adds One! to a one-off study', () => {
    const [event] = mapStudiesToEvents([study(1, '2026-11-25T10:00:00+02:00')], staff);
    expect(event.extendedProps.display.markers).toEqual(['one']);
  });
  it('shows Time Reserved for a manager slot', () => {
    const [event] = mapStudiesToEvents(
      [study(1, '2026-11-25T10:00:00+02:00', { users: [TEACHER, MANAGER] })],
      staff,
    );
    expect(event.title).toBe('calendar.timeReserved');
    expect(event.extendedProps.display.reserved).toBe(true);
    expect(event.classNames).toContain('study-event--reserved');
  });
  it('gives Student and Responsible the reduced display: type, participants, teachers by first name and patronymic', () => {
    const s = study(1, '2026-11-20T10:00:00+02:00', {
      comment: 'internal',
      isLast: true,
      recordings_count: 0,
    });
    const [event] = mapStudiesToEvents([s], {
      audience: 'family',
      now: NOW,
      t: keyT,
      typeNames: new Map([[1, 'Індивідуальне']]),
    });
    expect(event.title).toBe('Індивідуальне · Sur15 First15 Pat15 · First4 Pat4');
    expect(event.extendedProps.display).toMatchObject({
      markers: [],
      notices: [],
      hasComment: false,
      teachers: ['First4 Pat4'],
    });
  });
});

describe('unread chat notice', () => {
  it('marks a study with an unread message from the other side for staff and family, future or past', () => {
    const future = study(1, '2026-11-25T10:00:00+02:00', { hasUnreadMessages: true });
    const [staffEvent] = mapStudiesToEvents([future], staff);
    expect(staffEvent.extendedProps.display.notices).toEqual(['unreadMessages']);
    expect(staffEvent.title).toContain('calendarUi.notices.unreadMessages');
    const [familyEvent] = mapStudiesToEvents([future], { audience: 'family', now: NOW, t: keyT });
    expect(familyEvent.extendedProps.display.notices).toEqual(['unreadMessages']);
    // The family's tooltip and screen readers say it too (a month cell shows only a mark).
    expect(familyEvent.title).toContain('calendarUi.notices.unreadMessages');
  });
  it('has no chat notice once the messages are read', () => {
    const [event] = mapStudiesToEvents(
      [study(1, '2026-11-25T10:00:00+02:00', { hasUnreadMessages: false })],
      staff,
    );
    expect(event.extendedProps.display.notices).toEqual([]);
  });
});

describe('attendance mark', () => {
  const answer = (student_id: number, value: 'confirmed' | 'declined') => ({
    student_id,
    answer: value,
    answered_by: { id: 9, full_name: 'Мама' },
    messenger: 'telegram' as const,
    answered_at: '2026-11-22T09:00:00+02:00',
  });
  it('shows staff a check when every answer confirms and a cross when any declines; nothing without answers', () => {
    const at = '2026-11-25T10:00:00+02:00';
    const [none, confirmed, declined, mixed] = mapStudiesToEvents(
      [
        study(1, at),
        study(2, at, { attendance: [answer(11, 'confirmed')] }),
        study(3, at, { attendance: [answer(11, 'declined')] }),
        study(4, at, { attendance: [answer(11, 'confirmed'), answer(12, 'declined')] }),
      ],
      staff,
    );
    expect([none, confirmed, declined, mixed].map((e) => e!.extendedProps.display.attendance)).toEqual([
      null,
      'confirmed',
      'declined',
      'declined',
    ]);
    expect(confirmed!.title).toContain('calendarUi.attendance.markConfirmed');
    expect(declined!.title).toContain('calendarUi.attendance.markDeclined');
  });
  it("is the school's to act on: families and reserved slots show none", () => {
    const s = study(1, '2026-11-25T10:00:00+02:00', { attendance: [answer(11, 'declined')] });
    const [family] = mapStudiesToEvents([s], { audience: 'family', now: NOW, t: keyT });
    expect(family!.extendedProps.display.attendance).toBeNull();
    const [reserved] = mapStudiesToEvents([{ ...s, users: [TEACHER, MANAGER] }], staff);
    expect(reserved!.extendedProps.display.attendance).toBeNull();
  });
});

describe('teacherAddress', () => {
  it('joins first name and patronymic, skipping blanks', () => {
    expect(teacherAddress({ firstname: 'Тарас', patronymic: 'Іванович' })).toBe('Тарас Іванович');
    expect(teacherAddress({ firstname: 'Tom', patronymic: null })).toBe('Tom');
  });
});
