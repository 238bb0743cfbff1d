import { describe, expect, it } from 'vitest';
import { ROLE } from '@school/shared/domain';
import { abilityFor } from '@school/shared/permissions';
import type { CalendarStudy, CalendarStudyUser } from '@school/shared/ui/calendar';
import { study as calendarStudy, user as person } from '@school/shared/ui/calendar/calendar.test-kit';
import { studyModalAccess } from './study-modal.rules';

const START = Date.parse('2026-11-23T10:00:00+02:00');
const HOUR = 3_600_000;
const teacher = person(4, ROLE.Teacher);
const student = person(15, ROLE.Student);

const study = (users: CalendarStudyUser[] = [teacher, student]): CalendarStudy =>
  calendarStudy(1, new Date(START).toISOString(), { users });

const DURING = START + 10 * 60_000;
const access = (roleId: number, s = study(), now = DURING) =>
  studyModalAccess(
    s,
    roleId,
    abilityFor({ id: 99, roleId, childIds: roleId === ROLE.Responsible ? [15] : [] }),
    now,
  );

describe('study event modal rules (spec part 1 §4, §6)', () => {
  it('shows the miss status to Administrator, Manager and Teacher only, and only for exactly one student', () => {
    expect(access(ROLE.Administrator).showMissStatus).toBe(true);
    expect(access(ROLE.Manager).showMissStatus).toBe(true);
    expect(access(ROLE.Teacher).showMissStatus).toBe(true);
    expect(access(ROLE.Methodologist).showMissStatus).toBe(false);
    expect(access(ROLE.Student).showMissStatus).toBe(false);
    expect(access(ROLE.Responsible).showMissStatus).toBe(false);
    const group = study([teacher, student, person(16, ROLE.Student)]);
    expect(access(ROLE.Administrator, group).showMissStatus).toBe(false);
    expect(access(ROLE.Administrator, study([teacher])).showMissStatus).toBe(false);
  });

  it('offers the comment with `update study comment` and Save with `update study`', () => {
    for (const roleId of [ROLE.Administrator, ROLE.Manager, ROLE.Teacher, ROLE.Methodologist]) {
      expect(access(roleId)).toMatchObject({ canComment: true, canSave: true });
    }
    // Student and Responsible may update other fields of a study (homework, start): Save is there,
    // the comment and the miss status are not theirs to change.
    expect(access(ROLE.Student)).toMatchObject({ canComment: false, canMissStatus: false, canSave: true });
    expect(access(ROLE.Responsible)).toMatchObject({
      canComment: false,
      canMissStatus: false,
      canSave: true,
    });
    // Without `update study` there is no Save at all.
    for (const roleId of [ROLE.Lead, ROLE.Guest]) expect(access(roleId).canSave).toBe(false);
  });

  it('shows the notify button only while the study runs, to the staff roles, when a student takes part', () => {
    for (const roleId of [ROLE.Administrator, ROLE.Manager, ROLE.Teacher, ROLE.Methodologist]) {
      expect(access(roleId).showNotify).toBe(true);
      expect(access(roleId, study(), START - 60_000).showNotify).toBe(false);
      expect(access(roleId, study(), START + HOUR).showNotify).toBe(false);
    }
    expect(access(ROLE.Student).showNotify).toBe(false);
    expect(access(ROLE.Responsible).showNotify).toBe(false);
    expect(access(ROLE.Teacher, study([teacher])).showNotify).toBe(false);
    expect(access(ROLE.Teacher, study(), START).inProgress).toBe(true);
  });

  it('loads contacts with `manage user` and offers reports with `create study_report`', () => {
    expect(access(ROLE.Administrator)).toMatchObject({ showContacts: true, canWriteReports: true });
    expect(access(ROLE.Teacher)).toMatchObject({ showContacts: false, canWriteReports: true });
    expect(access(ROLE.Methodologist)).toMatchObject({ showContacts: false, canWriteReports: true });
    expect(access(ROLE.Responsible)).toMatchObject({ showContacts: false, canWriteReports: false });
  });
});
