import { useTranslation } from 'react-i18next';
import { Link, useAuth } from '@school/shared/ui';
import { useAbility } from '../../app/ability-context';
import { STUDY_REPORTS_PAGE } from './study-report-form-route';
import { AdminTable } from '../../kit/admin-table/admin-table';
import {
  PersonLink,
  formatDateTime,
  useAdminCell,
  type PersonRef,
} from '../../kit/admin-table/admin-table-cells';
import type { AdminRow, AdminTableDefinition } from '../../kit/admin-table/admin-table.types';

export interface StudyReportTableRow extends AdminRow {
  study_id: number;
  user_id: number;
  subject: string;
  content: string;
  created_at: string;
  start: string | null;
  created_by: PersonRef | null;
  user: PersonRef | null;
}

function StudyCell({ row }: { row: StudyReportTableRow }) {
  const linked = useAdminCell().links.studies;
  return linked ? (
    <Link
      to={`/admin/studies?id=${row.study_id}&start_from=&start_to=&students_count=`}
      data-testid={`study-link-${row.study_id}`}
    >
      #{row.study_id}
    </Link>
  ) : (
    <>#{row.study_id}</>
  );
}

function ReportDetails({ row }: { row: StudyReportTableRow }) {
  const { t } = useTranslation();
  return (
    <dl className="admin-table__report" data-testid={`report-details-${row.id}`}>
      <dt>
        <strong>{t('adminTable.studyReports.subject')}</strong>
      </dt>
      <dd>{row.subject}</dd>
      <dt>
        <strong>{t('adminTable.studyReports.content')}</strong>
      </dt>
      <dd className="admin-table__report-content">{row.content}</dd>
    </dl>
  );
}

const reportDetails = (row: StudyReportTableRow) => <ReportDetails row={row} />;

const definition: AdminTableDefinition<StudyReportTableRow> = {
  resource: 'study_reports',
  with: ['user', 'created_by'],
  // Spec part 1 §2: "Default sort is start" (tables sort descending by default).
  defaultSort: [{ field: 'start', desc: true }],
  filters: [
    { key: 'id', type: 'int', control: 'number', label: 'adminTable.studyReports.filters.id' },
    { key: 'study_id', type: 'int', control: 'number', label: 'adminTable.studyReports.filters.study' },
    {
      key: 'teacher',
      type: 'text',
      control: 'text',
      label: 'adminTable.studyReports.filters.teacher',
      toQuery: (value) => ({ withHaving: { 'created_by.full_name': `%${value}%` } }),
    },
    {
      key: 'student',
      type: 'text',
      control: 'text',
      label: 'adminTable.studyReports.filters.student',
      toQuery: (value) => ({ withHaving: { 'user.full_name': `%${value}%` } }),
    },
  ],
  columns: [
    {
      key: 'created_at',
      label: 'adminTable.studyReports.columns.created',
      sortField: 'created_at',
      render: (row) => formatDateTime(row.created_at),
    },
    {
      key: 'start',
      label: 'adminTable.studyReports.columns.start',
      sortField: 'start',
      render: (row) => formatDateTime(row.start),
    },
    {
      key: 'study',
      label: 'adminTable.studyReports.columns.study',
      sortField: 'study_id',
      render: (row) => <StudyCell row={row} />,
    },
    {
      key: 'teacher',
      label: 'adminTable.studyReports.columns.teacher',
      render: (row) => <PersonLink person={row.created_by} />,
    },
    {
      key: 'student',
      label: 'adminTable.studyReports.columns.student',
      render: (row) => <PersonLink person={row.user} />,
    },
    {
      key: 'content',
      label: 'adminTable.studyReports.columns.content',
      render: (row) => <span className="admin-table__clip">{row.content}</span>,
    },
  ],
};

/**
 * Study reports table (spec part 1 §2 "Study reports table"); its form is the study report form
 * (`?create&study_id&user_id`, `?edit=id`). A Teacher edits the reports they wrote (the
 * registry's creatorMayUpdate with `create study_report`).
 */
export function StudyReportsTablePage() {
  const ability = useAbility();
  const { user } = useAuth();
  return (
    <AdminTable<StudyReportTableRow>
      titleKey="titles.studyReports"
      pagePath={STUDY_REPORTS_PAGE}
      definition={definition}
      hasForm
      canEditRow={(row) =>
        ability.can('update', 'study_report') ||
        (ability.can('create', 'study_report') && row.created_by?.id === user?.id)
      }
      details={reportDetails}
    />
  );
}
