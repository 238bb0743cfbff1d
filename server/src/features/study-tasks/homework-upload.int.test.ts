import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Document, Packer, Paragraph } from 'docx';
import { zipSync } from 'fflate';
import { HOMEWORK_MAX_BYTES } from '@school/shared/domain';
import {
  homeworkForm,
  startPanelsKit,
  storedFiles,
  uploadLeftovers,
  type PanelRole,
  type PanelsKit,
} from './study-panels.test-kit.js';

/**
 * Issue 14.1: homework files sent with the study form (`POST api/studies/{id}`, multipart,
 * `_method=patch`), per role, at the 8192 KB limit, and refused by content, never half-stored.
 */
let kit: PanelsKit;
beforeAll(async () => {
  kit = await startPanelsKit();
});
afterAll(() => kit.close());

const pdf = (size = 64) => {
  const head = '%PDF-1.4\n';
  const bytes = new Uint8Array(size);
  bytes.set(new TextEncoder().encode(head));
  bytes.fill(0x20, head.length);
  return bytes;
};
const tasksOf = (studyId: number) =>
  kit.srv
    .knex('study_tasks')
    .where({ study_id: studyId })
    .orderBy('id')
    .select('user_id', 'creator_id', 'file_name', 'file_mime', 'file_size');
const upload = (role: PanelRole, studyId: number, form: FormData) =>
  kit.as[role].post(`/api/studies/${studyId}`, form);

describe('who may hand in homework with the study form', () => {
  it('staff of the study, its Student and their Responsible may; the files belong to the study’s student', async () => {
    const study = await kit.newStudy([kit.ids.teacher, kit.ids.methodologist, kit.ids.student]);
    const allowed: PanelRole[] = [
      'Administrator',
      'Manager',
      'Teacher',
      'Methodologist',
      'Student',
      'Responsible',
    ];
    for (const role of allowed) {
      const res = await upload(role, study, homeworkForm([{ name: `${role}.pdf`, bytes: pdf() }]));
      expect(res.status, `${role}: ${res.text}`).toBe(200);
      // The answer is the study command's (part 1 §7).
      expect(res.body.data).toMatchObject({ id: study, miss_status: 0, recordings_count: 0 });
    }
    const creators = {
      Administrator: kit.ids.admin,
      Teacher: kit.ids.teacher,
      Methodologist: kit.ids.methodologist,
      Student: kit.ids.student,
      Responsible: kit.ids.parent,
    };
    const rows = await tasksOf(study);
    expect(rows.map((r) => r.file_name)).toEqual(allowed.map((r) => `${r}.pdf`));
    for (const row of rows) {
      expect(row).toMatchObject({ user_id: kit.ids.student, file_mime: 'application/pdf', file_size: 64 });
      const role = row.file_name.replace('.pdf', '') as keyof typeof creators;
      if (creators[role]) expect(row.creator_id).toBe(creators[role]);
    }
    expect(await storedFiles(kit)).toHaveLength(rows.length);
  });

  it("another family's Responsible gets 404 and nothing is read or stored; a teacher not in the study 404 too", async () => {
    const before = await storedFiles(kit);
    const stranger = await upload(
      'OtherResponsible',
      kit.solo,
      homeworkForm([{ name: 'x.pdf', bytes: pdf() }]),
    );
    expect(stranger.status).toBe(404);
    const notTheirs = await kit.newStudy([kit.ids.student]);
    expect((await upload('Teacher', notTheirs, homeworkForm([{ name: 'x.pdf', bytes: pdf() }]))).status).toBe(
      404,
    );
    expect(await tasksOf(kit.solo)).toEqual([]);
    expect(await storedFiles(kit)).toEqual(before);
  });

  it('in a group lesson: a Student and a Responsible hand in for their own child only; staff name the student', async () => {
    const file = () => homeworkForm([{ name: 'Твір.pdf', bytes: pdf() }]);
    const answers = [
      await upload('Student', kit.group, file()),
      await upload('Responsible', kit.group, file()),
      await upload('OtherResponsible', kit.group, file()),
    ];
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    // Each family's answer names its own child, never the classmate (issue 27).
    const listed = answers.map((a) => a.body.data.users.map((u: { id: number }) => u.id));
    expect(listed[0]).not.toContain(kit.ids.otherChild);
    expect(listed[1]).toContain(kit.ids.student);
    expect(listed[1]).not.toContain(kit.ids.otherChild);
    expect(listed[2]).toContain(kit.ids.otherChild);
    expect(listed[2]).not.toContain(kit.ids.student);
    const owners = (await tasksOf(kit.group)).map((r) => [r.user_id, r.creator_id]);
    expect(owners).toEqual([
      [kit.ids.student, kit.ids.student],
      [kit.ids.student, kit.ids.parent],
      [kit.ids.otherChild, kit.ids.otherParent],
    ]);

    kit.as.Teacher.lang = 'en';
    const unnamed = await upload('Teacher', kit.group, file());
    expect(unnamed.status).toBe(422);
    expect(unnamed.body).toMatchObject({
      code: 'student_required',
      errors: { user_id: ['Choose the student this homework is for.'] },
    });
    const named = await upload(
      'Teacher',
      kit.group,
      homeworkForm([{ name: 'a.pdf', bytes: pdf() }], { user_id: String(kit.ids.otherChild) }),
    );
    expect(named.status, named.text).toBe(200);
    const notStudent = await upload(
      'Teacher',
      kit.group,
      homeworkForm([{ name: 'a.pdf', bytes: pdf() }], { user_id: String(kit.ids.teacher) }),
    );
    expect(notStudent.status).toBe(422);
    expect(notStudent.body.errors.user_id).toEqual(['This user is not a student of this study.']);
    kit.as.Teacher.lang = 'uk';

    // A classmate's homework cannot be handed in by a student or by another family.
    const forClassmate = homeworkForm([{ name: 'a.pdf', bytes: pdf() }], {
      user_id: String(kit.ids.otherChild),
    });
    expect((await upload('Student', kit.group, forClassmate)).status).toBe(403);
    expect((await upload('Responsible', kit.group, forClassmate)).status).toBe(403);
    expect(await tasksOf(kit.group)).toHaveLength(4);
  });

  it('a lesson without a student takes no homework', async () => {
    const res = await upload('Teacher', kit.empty, homeworkForm([{ name: 'a.pdf', bytes: pdf() }]));
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('no_student');
    expect(res.body.errors.study_task).toEqual([
      'У цьому занятті немає учня, якому можна додати домашнє завдання.',
    ]);
  });

  it('the form fields are the update command’s: saved with the files, and a refused field stores no file', async () => {
    const study = await kit.newStudy([kit.ids.teacher, kit.ids.student]);
    const saved = await upload(
      'Teacher',
      study,
      homeworkForm([{ name: 'plan.pdf', bytes: pdf() }], { comment: 'Повторити вправи', miss_status: '0' }),
    );
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.data.comment).toBe('Повторити вправи');
    const before = await storedFiles(kit);
    // A Student may change homework only (update study limited to study_task).
    const refused = await upload(
      'Student',
      study,
      homeworkForm([{ name: 'mine.pdf', bytes: pdf() }], { comment: 'Інше' }),
    );
    expect(refused.status).toBe(403);
    expect(await tasksOf(study)).toHaveLength(1);
    expect(await storedFiles(kit)).toEqual(before);
    // Without files the multipart form is the plain update command.
    const plain = await upload('Teacher', study, homeworkForm([], { comment: 'Без файлів' }));
    expect(plain.status).toBe(200);
    expect(plain.body.data.comment).toBe('Без файлів');
  });

  it('takes `study_task` and `study_task[]`; a browser’s empty file input is nothing; other file fields 415', async () => {
    const study = await kit.newStudy([kit.ids.teacher, kit.ids.student]);
    const form = homeworkForm([
      { name: 'one.pdf', bytes: pdf(), field: 'study_task' },
      { name: 'two.pdf', bytes: pdf(), field: 'study_task[]' },
      { name: '', bytes: new Uint8Array(0), field: 'study_task[]' },
    ]);
    const res = await upload('Student', study, form);
    expect(res.status, res.text).toBe(200);
    expect((await tasksOf(study)).map((r) => r.file_name)).toEqual(['one.pdf', 'two.pdf']);
    const other = await upload(
      'Student',
      study,
      homeworkForm([{ name: 'x.pdf', bytes: pdf(), field: 'avatar' }]),
    );
    expect(other.status).toBe(415);
    const noMethod = new FormData();
    noMethod.append('study_task[]', new Blob([pdf()]), 'x.pdf');
    expect((await upload('Student', study, noMethod)).status).toBe(405);
    expect(await tasksOf(study)).toHaveLength(2);
    expect(await uploadLeftovers(kit)).toEqual([]);
  });
});

describe('the 8192 KB limit', () => {
  it('takes a file of exactly 8192 KB and refuses 8193 KB with a clear 413, storing nothing', async () => {
    const study = await kit.newStudy([kit.ids.teacher, kit.ids.student]);
    const exact = await upload(
      'Student',
      study,
      homeworkForm([{ name: 'exact.pdf', bytes: pdf(HOMEWORK_MAX_BYTES) }]),
    );
    expect(exact.status, exact.text).toBe(200);
    expect(await tasksOf(study)).toMatchObject([{ file_name: 'exact.pdf', file_size: 8192 * 1024 }]);
    const before = await storedFiles(kit);

    kit.as.Student.lang = 'ru';
    const over = await upload(
      'Student',
      study,
      homeworkForm([
        { name: 'small.pdf', bytes: pdf() },
        { name: 'big.pdf', bytes: pdf(HOMEWORK_MAX_BYTES + 1024) },
      ]),
    );
    kit.as.Student.lang = 'uk';
    expect(over.status).toBe(413);
    expect(over.body).toMatchObject({
      code: 'file_too_large',
      message: 'Файл домашнего задания не может быть больше 8192 КБ.',
      errors: { study_task: ['Файл домашнего задания не может быть больше 8192 КБ.'] },
    });
    expect(await tasksOf(study)).toHaveLength(1);
    expect(await storedFiles(kit)).toEqual(before);
    expect(await uploadLeftovers(kit)).toEqual([]);
  });

  it('at most 10 files at once (413 too_many_files)', async () => {
    const study = await kit.newStudy([kit.ids.teacher, kit.ids.student]);
    const files = Array.from({ length: 11 }, (_, i) => ({ name: `${i}.pdf`, bytes: pdf() }));
    const res = await upload('Teacher', study, homeworkForm(files));
    expect(res.status).toBe(413);
    expect(res.body.code).toBe('too_many_files');
    expect(await tasksOf(study)).toEqual([]);
  });
});

describe('what a file is, judged from its content', () => {
  const exe = () => {
    const b = new Uint8Array(512);
    b.set([0x4d, 0x5a, 0x90, 0x00]);
    return b;
  };
  const elf = () => new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, ...new Array(56).fill(0)]);
  const png = () =>
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new Array(32).fill(1)]);

  it('takes the documents and images of a school, stored with the type their content shows', async () => {
    const study = await kit.newStudy([kit.ids.teacher, kit.ids.student]);
    const docx = new Uint8Array(
      await Packer.toBuffer(new Document({ sections: [{ children: [new Paragraph('Домашнє завдання')] }] })),
    );
    const files = [
      { name: 'Твір про осінь.docx', bytes: docx },
      { name: 'photo.JPG', bytes: new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70]) },
      { name: 'scan.png', bytes: png() },
      { name: 'notes.txt', bytes: 'Вправа 1, 2, 3\n' },
      { name: 'essay.rtf', bytes: '{\\rtf1\\ansi Hello}' },
      {
        name: 'old.doc',
        bytes: new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0]),
      },
      {
        name: 'project.zip',
        bytes: zipSync({ 'essay.txt': new TextEncoder().encode('text'), 'img/a.png': png() }),
      },
      {
        name: 'iphone.heic',
        bytes: new Uint8Array([0, 0, 0, 24, ...new TextEncoder().encode('ftypheic'), 0, 0, 0, 0]),
      },
    ];
    const res = await upload('Student', study, homeworkForm(files));
    expect(res.status, res.text).toBe(200);
    expect((await tasksOf(study)).map((r) => [r.file_name, r.file_mime])).toEqual([
      ['Твір про осінь.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
      ['photo.JPG', 'image/jpeg'],
      ['scan.png', 'image/png'],
      ['notes.txt', 'text/plain'],
      ['essay.rtf', 'application/rtf'],
      ['old.doc', 'application/msword'],
      ['project.zip', 'application/zip'],
      ['iphone.heic', 'image/heic'],
    ]);
  });

  it('refuses programs whatever their name, mismatched content and unknown types, each named, storing nothing', async () => {
    const study = await kit.newStudy([kit.ids.teacher, kit.ids.student]);
    const before = await storedFiles(kit);
    kit.as.Teacher.lang = 'en';
    const res = await upload(
      'Teacher',
      study,
      homeworkForm([
        { name: 'good.pdf', bytes: pdf() },
        { name: 'homework.pdf', bytes: exe() },
        { name: 'readme.txt', bytes: elf() },
        { name: 'run.sh.txt', bytes: '#!/bin/sh\nrm -rf /\n' },
        { name: 'picture.pdf', bytes: png() },
        { name: 'setup.exe', bytes: exe() },
        {
          name: 'game.zip',
          bytes: zipSync({ 'docs/readme.txt': new TextEncoder().encode('hi'), 'bin/game.exe': exe() }),
        },
        { name: 'fake.docx', bytes: zipSync({ 'word/document.xml': new TextEncoder().encode('<w/>') }) },
        { name: 'empty.pdf', bytes: new Uint8Array(0) },
      ]),
    );
    kit.as.Teacher.lang = 'uk';
    expect(res.status).toBe(422);
    expect(res.body.errors.study_task).toEqual([
      'The file "homework.pdf" is a program: programs are not accepted.',
      'The file "readme.txt" is a program: programs are not accepted.',
      'The file "run.sh.txt" is a program: programs are not accepted.',
      'The content of "picture.pdf" does not match its type (.pdf).',
      expect.stringContaining('The file "setup.exe" is not accepted: documents and images only'),
      'The archive "game.zip" contains a program (bin/game.exe): programs are not accepted.',
      'The content of "fake.docx" does not match its type (.docx).',
      'The file "empty.pdf" is empty.',
    ]);
    expect(await tasksOf(study)).toEqual([]);
    expect(await storedFiles(kit)).toEqual(before);
    expect(await uploadLeftovers(kit)).toEqual([]);
  });
});
