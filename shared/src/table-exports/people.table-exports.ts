import { col, listCol } from './export-values';
import type { TableExport } from './table-export.types';

/** The users table (desktop features/users): name, classes, phones, e-mail, role, active. */
export const usersExport: TableExport = {
  resource: 'users',
  fileStem: 'users',
  title: 'titles.users',
  columns: [
    col('id', 'adminTable.users.filters.id', 'int', 'id'),
    col('name', 'adminTable.users.columns.name', 'text', 'full_name'),
    listCol('classes', 'adminTable.users.columns.classes', 'classes', 'number'),
    // Phones are for those who manage users, as in the table (403 for the relation otherwise).
    listCol('phones', 'adminTable.users.columns.phones', 'phones', 'phone', undefined, {
      needs: ['manage', 'user'],
    }),
    col('email', 'adminTable.users.columns.email', 'text', 'email'),
    {
      key: 'role',
      label: 'adminTable.users.columns.role',
      kind: 'label',
      value: (r) => `roles.${String(r.role_id)}`,
    },
    col('active', 'adminTable.users.columns.active', 'bool', 'active'),
  ],
};

/** The teachers table: name, classes, study types, age, styles, priority. */
export const teachersExport: TableExport = {
  resource: 'teachers',
  fileStem: 'teachers',
  title: 'titles.teachers',
  columns: [
    col('name', 'adminTable.teachers.columns.name', 'text', 'user.full_name'),
    listCol('classes', 'adminTable.teachers.columns.classes', 'classes', 'number'),
    listCol('study_types', 'adminTable.teachers.columns.studyTypes', 'teaching_study_types', 'name'),
    col('age', 'adminTable.teachers.columns.age', 'int', 'age'),
    listCol('styles', 'adminTable.teachers.columns.styles', 'teaching_styles', 'name'),
    col('priority', 'adminTable.teachers.columns.priority', 'int', 'priority'),
  ],
};

/** The schedules table: teacher, start and end days. */
export const schedulesExport: TableExport = {
  resource: 'schedules',
  fileStem: 'schedules',
  title: 'titles.schedules',
  columns: [
    col('teacher', 'scheduleTable.columns.teacher', 'text', 'user.full_name'),
    col('start_at', 'scheduleTable.columns.start', 'date', 'start_at'),
    col('end_at', 'scheduleTable.columns.end', 'date', 'end_at'),
  ],
};

/** The study reports table: written, lesson start, lesson, teacher, student, text. */
export const studyReportsExport: TableExport = {
  resource: 'study_reports',
  fileStem: 'study-reports',
  title: 'titles.studyReports',
  columns: [
    col('created_at', 'adminTable.studyReports.columns.created', 'datetime', 'created_at'),
    col('start', 'adminTable.studyReports.columns.start', 'datetime', 'start'),
    col('study', 'adminTable.studyReports.columns.study', 'int', 'study_id'),
    col('teacher', 'adminTable.studyReports.columns.teacher', 'text', 'created_by.full_name'),
    col('student', 'adminTable.studyReports.columns.student', 'text', 'user.full_name'),
    col('content', 'adminTable.studyReports.columns.content', 'text', 'content'),
  ],
};
