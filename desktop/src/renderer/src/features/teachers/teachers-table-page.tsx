import { useMemo } from 'react';
import { Link } from '@school/shared/ui';
import { AdminTable } from '../../kit/admin-table/admin-table';
import { classNumbers, names, useAdminCell, useLookupOptions } from '../../kit/admin-table/admin-table-cells';
import type { AdminRow, AdminTableDefinition } from '../../kit/admin-table/admin-table.types';
import { UserDetailsBlock, type DetailsUser } from '../users/user-details-block';
import type { FreePeriod } from '../../kit/admin-table/admin-table.rules';
import { WeekMiniCalendar } from '../../kit/admin-table/week-mini-calendar';
import { ADMIN_PAGES } from '../../../../common/admin-pages';

export const TEACHERS_PAGE = ADMIN_PAGES.teachers.path;

export interface TeacherTableRow extends AdminRow {
  user_id: number;
  priority: number;
  sex: number | null;
  age: number | null;
  user: DetailsUser | null;
  manager: { id: number; full_name: string } | null;
  classes?: { id: number; number: number }[];
  teaching_styles?: { id: number; name: string }[];
  teaching_study_types?: { id: number; name: string }[];
  available_workperiods?: FreePeriod[] | null;
}

const PRIORITY_OPTIONS = ['1', '2', '3', '99'].map((value) => ({ value, label: value }));
const SEX_OPTIONS = [
  { value: '1', label: 'adminTable.teachers.sex.1' },
  { value: '2', label: 'adminTable.teachers.sex.2' },
];
const byNumber = (row: Record<string, unknown>) => String(row.number);
const byCode = (row: Record<string, unknown>) => String(row.code);
const byMinutes = (row: Record<string, unknown>) => String(row.minutes);

const relationFilter = (path: string) => (value: string) => ({ withFilter: { [path]: Number(value) } });

function TeacherName({ row }: { row: TeacherTableRow }) {
  const { t } = useAdminCell();
  return (
    <>
      <Link to={`${ADMIN_PAGES.users.path}?id=${row.user_id}`} data-testid={`teacher-link-${row.user_id}`}>
        {row.user?.full_name ?? `#${row.user_id}`}
      </Link>{' '}
      <span className="admin-table__muted">({row.manager?.full_name ?? t('common.notAvailable')})</span>
    </>
  );
}

function Age({ age }: { age: number | null }) {
  const { t } = useAdminCell();
  return <>{age ?? t('common.notAvailable')}</>;
}

function useTeachersDefinition(): AdminTableDefinition<TeacherTableRow> {
  const classes = useLookupOptions('classifications', byNumber);
  const languages = useLookupOptions('languages', byCode, byCode);
  const formats = useLookupOptions('teaching_formats');
  const programs = useLookupOptions('teaching_programs');
  const styles = useLookupOptions('teaching_styles');
  const studyTypes = useLookupOptions('study_types');
  const durations = useLookupOptions('study_durations', byMinutes);
  return useMemo(
    () => ({
      resource: 'teachers',
      // The listing brings user, classes, languages, teaching data and manager by itself (listWith).
      with: ['user.notes'],
      fixed: { withFilter: { 'user.active': 1 } },
      filters: [
        {
          key: 'priority',
          type: 'anyOf',
          control: 'checks',
          label: 'adminTable.teachers.filters.priority',
          options: PRIORITY_OPTIONS,
          defaultValue: () => '1|2|3',
        },
        {
          key: 'name',
          type: 'text',
          control: 'text',
          label: 'adminTable.teachers.filters.name',
          toQuery: (value) => ({ withFilter: { 'user.full_name': `%${value}%` } }),
        },
        {
          key: 'classes',
          type: 'int',
          control: 'select',
          label: 'adminTable.teachers.filters.classes',
          options: classes,
          translateOptions: false,
          toQuery: relationFilter('classes.id'),
        },
        {
          key: 'languages',
          type: 'text',
          control: 'select',
          label: 'adminTable.teachers.filters.languages',
          options: languages,
          translateOptions: false,
          toQuery: (value) => ({ withFilter: { 'languages.code': value } }),
        },
        {
          key: 'sex',
          type: 'int',
          control: 'select',
          label: 'adminTable.teachers.filters.sex',
          options: SEX_OPTIONS,
        },
        {
          key: 'formats',
          type: 'int',
          control: 'select',
          label: 'adminTable.teachers.filters.formats',
          options: formats,
          translateOptions: false,
          toQuery: relationFilter('teaching_formats.id'),
        },
        {
          key: 'programs',
          type: 'int',
          control: 'select',
          label: 'adminTable.teachers.filters.programs',
          options: programs,
          translateOptions: false,
          toQuery: relationFilter('teaching_programs.id'),
        },
        {
          key: 'styles',
          type: 'int',
          control: 'select',
          label: 'adminTable.teachers.filters.styles',
          options: styles,
          translateOptions: false,
          toQuery: relationFilter('teaching_styles.id'),
        },
        {
          key: 'study_types',
          type: 'int',
          control: 'select',
          label: 'adminTable.teachers.filters.studyTypes',
          options: studyTypes,
          translateOptions: false,
          toQuery: relationFilter('teaching_study_types.id'),
        },
        {
          key: 'durations',
          type: 'int',
          control: 'select',
          label: 'adminTable.teachers.filters.durations',
          options: durations,
          translateOptions: false,
          toQuery: relationFilter('study_durations.id'),
        },
      ],
      columns: [
        {
          key: 'name',
          label: 'adminTable.teachers.columns.name',
          render: (row) => <TeacherName row={row} />,
        },
        {
          key: 'classes',
          label: 'adminTable.teachers.columns.classes',
          render: (row) => classNumbers(row.classes, ' '),
        },
        {
          key: 'study_types',
          label: 'adminTable.teachers.columns.studyTypes',
          render: (row) => names(row.teaching_study_types),
        },
        {
          key: 'age',
          label: 'adminTable.teachers.columns.age',
          sortField: 'age',
          render: (row) => <Age age={row.age} />,
        },
        {
          key: 'styles',
          label: 'adminTable.teachers.columns.styles',
          render: (row) => names(row.teaching_styles),
        },
        {
          key: 'priority',
          label: 'adminTable.teachers.columns.priority',
          sortField: 'priority',
          render: (row) => row.priority,
        },
        {
          key: 'workperiods',
          label: 'adminTable.teachers.columns.workperiods',
          render: (row) => <WeekMiniCalendar periods={row.available_workperiods ?? []} />,
        },
      ],
    }),
    [classes, languages, formats, programs, styles, studyTypes, durations],
  );
}

/** Spec part 2 §2: a row expands the user details only when the user has notes. */
const teacherDetails = (row: TeacherTableRow) =>
  row.user?.notes?.length ? <UserDetailsBlock user={row.user} /> : null;

/**
 * Teachers listing (spec part 2 §2): read-only (no Add, edit or delete), active teachers only; a
 * row expands the user details only when the user has notes.
 */
export function TeachersTablePage() {
  const definition = useTeachersDefinition();
  return (
    <AdminTable<TeacherTableRow>
      titleKey="titles.teachers"
      pagePath={TEACHERS_PAGE}
      definition={definition}
      hasForm={false}
      readOnly
      details={teacherDetails}
    />
  );
}
