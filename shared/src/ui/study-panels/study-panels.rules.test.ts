import { describe, expect, it } from 'vitest';
import { HOMEWORK_MAX_BYTES, ROLE } from '@school/shared/domain';
import { defineRulesFor } from '@school/shared/permissions';
import { TEXT_MAX } from '@school/shared/validation';
import { canReadEvaluation } from './evaluation.rules';
import { panelAbility } from './panel-ability';
import {
  canDeleteHomework,
  canDeleteMessage,
  canSendMessages,
  canUploadHomework,
  evaluationFailure,
  fileSizeLabel,
  HOMEWORK_FILE_ACCEPT,
  HOMEWORK_MAX_FILES,
  homeworkFileProblem,
  homeworkStudentIds,
  isSendShortcut,
  MESSAGE_MAX_LENGTH,
  messageDraftProblem,
  messageTimeLabel,
  reportBlockedByMiss,
  scoreIntent,
} from './study-panels.rules';

const STUDENT = 41;
const CLASSMATE = 42;
const PARENT = 50;
const TEACHER = 30;
const OTHER_TEACHER = 31;
const students = [STUDENT, CLASSMATE];
const participants = [TEACHER, STUDENT, CLASSMATE];

const viewer = (roleId: number, id: number, childIds: number[] = []) => ({ id, roleId, childIds });
const ability = (roleId: number, id: number, childIds: number[] = []) =>
  panelAbility(defineRulesFor({ id, roleId, childIds }));

describe('homework visibility (spec part 2 §6)', () => {
  it('staff see every student of the study', () => {
    for (const roleId of [ROLE.Administrator, ROLE.Manager, ROLE.Teacher, ROLE.Methodologist]) {
      expect(homeworkStudentIds(viewer(roleId, 1), students)).toEqual(students);
    }
  });

  it('a student sees only their own homework, a classmate’s never', () => {
    expect(homeworkStudentIds(viewer(ROLE.Student, STUDENT), students)).toEqual([STUDENT]);
    expect(homeworkStudentIds(viewer(ROLE.Student, 99), students)).toEqual([]);
  });

  it('a Responsible sees only the children among the students', () => {
    expect(homeworkStudentIds(viewer(ROLE.Responsible, PARENT, [STUDENT]), students)).toEqual([STUDENT]);
    expect(homeworkStudentIds(viewer(ROLE.Responsible, PARENT, [77]), students)).toEqual([]);
  });

  it('Lead and Guest see none', () => {
    expect(homeworkStudentIds(viewer(ROLE.Lead, 1), students)).toEqual([]);
    expect(homeworkStudentIds(viewer(ROLE.Guest, 1), students)).toEqual([]);
  });
});

describe('homework upload and delete', () => {
  it('upload needs update study_task on this study: participants and the parent of one, staff who manage', () => {
    expect(canUploadHomework(ability(ROLE.Student, STUDENT), participants)).toBe(true);
    expect(canUploadHomework(ability(ROLE.Student, 99), participants)).toBe(false);
    expect(canUploadHomework(ability(ROLE.Responsible, PARENT, [STUDENT]), participants)).toBe(true);
    expect(canUploadHomework(ability(ROLE.Responsible, PARENT, [77]), participants)).toBe(false);
    expect(canUploadHomework(ability(ROLE.Teacher, TEACHER), participants)).toBe(true);
    expect(canUploadHomework(ability(ROLE.Teacher, OTHER_TEACHER), participants)).toBe(false);
    expect(canUploadHomework(ability(ROLE.Manager, 2), participants)).toBe(true);
    expect(canUploadHomework(ability(ROLE.Guest, 8), participants)).toBe(false);
  });

  it('delete needs delete study_task (teaching roles, managers) or being the uploader', () => {
    const byTeacher = { creator_id: TEACHER };
    const byStudent = { creator_id: STUDENT };
    expect(canDeleteHomework(ability(ROLE.Teacher, OTHER_TEACHER), byStudent, OTHER_TEACHER)).toBe(true);
    expect(canDeleteHomework(ability(ROLE.Methodologist, 7), byStudent, 7)).toBe(true);
    expect(canDeleteHomework(ability(ROLE.Administrator, 1), byStudent, 1)).toBe(true);
    expect(canDeleteHomework(ability(ROLE.Student, STUDENT), byStudent, STUDENT)).toBe(true);
    expect(canDeleteHomework(ability(ROLE.Student, STUDENT), byTeacher, STUDENT)).toBe(false);
    expect(canDeleteHomework(ability(ROLE.Responsible, PARENT, [STUDENT]), byStudent, PARENT)).toBe(false);
    expect(
      canDeleteHomework(ability(ROLE.Responsible, PARENT, [STUDENT]), { creator_id: PARENT }, PARENT),
    ).toBe(true);
  });

  it('accepts exactly 8192 KB and refuses 8193 KB (the size is told first)', () => {
    expect(HOMEWORK_MAX_BYTES).toBe(8192 * 1024);
    expect(homeworkFileProblem({ name: 'task.pdf', size: 8192 * 1024 })).toBeNull();
    expect(homeworkFileProblem({ name: 'task.pdf', size: 8193 * 1024 })).toBe('too_large');
    expect(homeworkFileProblem({ name: 'task.pdf', size: 8192 * 1024 + 1 })).toBe('too_large');
  });

  it('takes the documents, images and archives the server takes, refuses programs and the rest by name', () => {
    for (const name of [
      'Домашнє завдання.docx',
      'photo.JPG',
      'scan.heic',
      'answers.zip',
      'notes.txt',
      'C:\\fakepath\\table.xlsx',
    ]) {
      expect(homeworkFileProblem({ name, size: 1000 }), name).toBeNull();
    }
    for (const name of [
      'setup.exe',
      'run.BAT',
      'script.ps1',
      'tool.msi',
      'app.apk',
      'x.sh',
      'song.mp3',
      'README',
    ]) {
      expect(homeworkFileProblem({ name, size: 1000 }), name).toBe('not_accepted');
    }
    expect(homeworkFileProblem({ name: 'empty.pdf', size: 0 })).toBe('empty');
    expect(HOMEWORK_FILE_ACCEPT.split(',')).toContain('.pdf');
    expect(HOMEWORK_FILE_ACCEPT).not.toContain('.exe');
    expect(HOMEWORK_MAX_FILES).toBe(10);
  });

  it('shows sizes in KB under a megabyte and in MB above', () => {
    expect(fileSizeLabel(300)).toEqual({ key: 'sizeKb', size: '1' });
    expect(fileSizeLabel(20_480)).toEqual({ key: 'sizeKb', size: '20' });
    expect(fileSizeLabel(3.5 * 1024 * 1024)).toEqual({ key: 'sizeMb', size: '3.5' });
  });
});

describe('messages (spec part 2 §2, §5, §6)', () => {
  it('every role that reads a study chat may write in it; Lead and Guest may not', () => {
    for (const roleId of [
      ROLE.Administrator,
      ROLE.Manager,
      ROLE.Teacher,
      ROLE.Methodologist,
      ROLE.Student,
      ROLE.Responsible,
    ]) {
      expect(canSendMessages(ability(roleId, 5)), `role ${roleId}`).toBe(true);
    }
    expect(canSendMessages(ability(ROLE.Guest, 5))).toBe(false);
  });

  it('the author deletes their own message; others need delete study_message', () => {
    const fromStudent = { user_id: STUDENT };
    expect(canDeleteMessage(ability(ROLE.Student, STUDENT), fromStudent, STUDENT)).toBe(true);
    expect(canDeleteMessage(ability(ROLE.Student, CLASSMATE), fromStudent, CLASSMATE)).toBe(false);
    expect(canDeleteMessage(ability(ROLE.Responsible, PARENT, [STUDENT]), fromStudent, PARENT)).toBe(false);
    expect(canDeleteMessage(ability(ROLE.Teacher, TEACHER), fromStudent, TEACHER)).toBe(false);
    expect(canDeleteMessage(ability(ROLE.Manager, 2), fromStudent, 2)).toBe(true);
    expect(canDeleteMessage(ability(ROLE.Administrator, 1), fromStudent, 1)).toBe(true);
  });

  it('never sends an empty or blank message, nor one over the server’s limit', () => {
    expect(MESSAGE_MAX_LENGTH).toBe(TEXT_MAX.note);
    expect(messageDraftProblem('')).toBe('empty');
    expect(messageDraftProblem('   \n\t ')).toBe('empty');
    expect(messageDraftProblem('Добрий день!')).toBeNull();
    expect(messageDraftProblem('a'.repeat(MESSAGE_MAX_LENGTH))).toBeNull();
    expect(messageDraftProblem('a'.repeat(MESSAGE_MAX_LENGTH + 1))).toBe('too_long');
  });

  it('Ctrl+Enter (or Cmd+Enter) sends, Enter alone does not', () => {
    expect(isSendShortcut({ key: 'Enter', ctrlKey: true, metaKey: false })).toBe(true);
    expect(isSendShortcut({ key: 'Enter', ctrlKey: false, metaKey: true })).toBe(true);
    expect(isSendShortcut({ key: 'Enter', ctrlKey: false, metaKey: false })).toBe(false);
    expect(isSendShortcut({ key: 'a', ctrlKey: true, metaKey: false })).toBe(false);
  });

  it('shows times in Kyiv: the time today, the date before', () => {
    const now = Date.parse('2025-11-20T10:00:00Z'); // 12:00 in Kyiv
    expect(messageTimeLabel('2025-11-20T07:05:00Z', now, 'uk')).toBe('09:05');
    // 23:30 UTC on the 19th is already the 20th in Kyiv.
    expect(messageTimeLabel('2025-11-19T23:30:00Z', now, 'uk')).toBe('01:30');
    expect(messageTimeLabel('2025-11-18T16:00:00Z', now, 'uk')).toBe('18 лист., 18:00');
    expect(messageTimeLabel('2025-11-18T16:00:00Z', now, 'ru')).toBe('18 нояб., 18:00');
    expect(messageTimeLabel('2024-02-01T08:00:00Z', now, 'ru')).toBe('1 февр. 2024, 10:00');
    expect(messageTimeLabel('not a date', now, 'uk')).toBe('');
  });
});

describe('reports and evaluation', () => {
  it('blocks reports while a miss status is set (spec part 1 §4)', () => {
    expect(reportBlockedByMiss(0)).toBe(false);
    expect(reportBlockedByMiss(null)).toBe(false);
    expect(reportBlockedByMiss(1)).toBe(true);
    expect(reportBlockedByMiss(2)).toBe(true);
  });

  it('evaluations are read by Administrator and Manager only (the registry guard)', () => {
    expect(canReadEvaluation(ROLE.Administrator, ability(ROLE.Administrator, 1))).toBe(true);
    expect(canReadEvaluation(ROLE.Manager, ability(ROLE.Manager, 2))).toBe(true);
    for (const roleId of [ROLE.Teacher, ROLE.Methodologist, ROLE.Student, ROLE.Responsible]) {
      expect(canReadEvaluation(roleId, ability(roleId, 5)), `role ${roleId}`).toBe(false);
    }
  });

  it('maps the evaluation answers to the spec’s messages (part 2 §8)', () => {
    expect(evaluationFailure(403)).toBe('accessDenied');
    expect(evaluationFailure(404)).toBe('notFound');
    expect(evaluationFailure(500)).toBe('failed');
    expect(evaluationFailure(0)).toBe('failed');
    expect(evaluationFailure(undefined)).toBe('failed');
  });

  it('colours the score: success above 5, danger at 5 or below, secondary without one', () => {
    expect(scoreIntent(5.1)).toBe('success');
    expect(scoreIntent('9.5')).toBe('success');
    expect(scoreIntent(5)).toBe('danger');
    expect(scoreIntent(0)).toBe('danger');
    expect(scoreIntent(null)).toBe('secondary');
  });
});
