import { Button } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { DATE_FORMAT } from '@school/shared/domain';
import { useRouter } from '@school/shared/ui';
import { useAbility } from '../../app/ability-context';
import { useAdminPageForm } from '../../kit/admin-forms/admin-page';
import { AdminTable } from '../../kit/admin-table/admin-table';
import { formatDateTime, PersonLink, type PersonRef } from '../../kit/admin-table/admin-table-cells';
import type { AdminRow, AdminTableDefinition } from '../../kit/admin-table/admin-table.types';
import { SCHEDULES_PAGE } from './schedule-form-route';
import { ScheduleWeek, type StoredWorkperiod } from './schedule-week';
import './schedules-table.css';

export interface ScheduleTableRow extends AdminRow {
  user_id: number | null;
  start_at: string;
  end_at: string | null;
  user: PersonRef | null;
  workperiods?: StoredWorkperiod[];
  offperiods?: Array<{ id: number; start_at: string; end_at: string }>;
}

function Teacher({ row }: { row: ScheduleTableRow }) {
  const { t } = useTranslation();
  return row.user ? (
    <PersonLink person={row.user} />
  ) : (
    <span className="schedules-table__deleted">{t('common.deleted')}</span>
  );
}

function EndDate({ row }: { row: ScheduleTableRow }) {
  const { t } = useTranslation();
  return <>{row.end_at ? formatDateTime(row.end_at, DATE_FORMAT) : t('common.notAvailable')}</>;
}

function Offperiods({ row }: { row: ScheduleTableRow }) {
  return (
    <ul className="schedules-table__off" data-testid={`schedule-offperiods-${row.id}`}>
      {(row.offperiods ?? []).map((period) => (
        <li key={period.id}>
          {formatDateTime(period.start_at)} – {formatDateTime(period.end_at)}
        </li>
      ))}
    </ul>
  );
}

const definition: AdminTableDefinition<ScheduleTableRow> = {
  resource: 'schedules',
  with: ['user', 'workperiods', 'offperiods'],
  filters: [
    { key: 'id', type: 'int', control: 'number', label: 'scheduleTable.filters.id' },
    {
      key: 'teacher',
      type: 'text',
      control: 'text',
      label: 'scheduleTable.filters.teacher',
      toQuery: (value) => ({ withHaving: { 'user.full_name': `%${value}%` } }),
    },
  ],
  columns: [
    { key: 'teacher', label: 'scheduleTable.columns.teacher', render: (row) => <Teacher row={row} /> },
    {
      key: 'start_at',
      label: 'scheduleTable.columns.start',
      sortField: 'start_at',
      render: (row) => formatDateTime(row.start_at, DATE_FORMAT),
    },
    {
      key: 'end_at',
      label: 'scheduleTable.columns.end',
      sortField: 'end_at',
      render: (row) => <EndDate row={row} />,
    },
    {
      key: 'workperiods',
      label: 'scheduleTable.columns.workperiods',
      render: (row) => <ScheduleWeek periods={row.workperiods ?? []} />,
    },
    {
      key: 'offperiods',
      label: 'scheduleTable.columns.offperiods',
      render: (row) => <Offperiods row={row} />,
    },
  ],
};

/**
 * Schedules table (spec part 2 §2 "Schedules table"). Prolong opens the form of the next
 * schedule filled as a copy (the work periods, no off periods, from the old end with no end);
 * nothing is written until Save, Cancel leaves no row. A schedule without an end or without its teacher
 * (DELETED) cannot be prolonged (docs/domain-rules.md "Schedule prolong").
 */
export function SchedulesTablePage() {
  const hasForm = useAdminPageForm() !== undefined;
  const { t } = useTranslation();
  const { navigate } = useRouter();
  const canCreate = useAbility().can('create', 'schedule');
  return (
    <AdminTable<ScheduleTableRow>
      titleKey="titles.schedules"
      pagePath={SCHEDULES_PAGE}
      definition={definition}
      hasForm={hasForm}
      actions={(row) =>
        canCreate ? (
          <Button
            size="small"
            variant="minimal"
            icon="fast-forward"
            aria-label={t('scheduleTable.prolong')}
            title={row.end_at && row.user ? t('scheduleTable.prolong') : t('scheduleTable.cannotProlong')}
            disabled={!row.end_at || !row.user}
            onClick={() =>
              navigate(`${SCHEDULES_PAGE}?create&copy_of=${row.id}`, {
                state: { background: `${SCHEDULES_PAGE}${window.location.search}` },
              })
            }
            data-testid={`prolong-${row.id}`}
          />
        ) : null
      }
    />
  );
}
