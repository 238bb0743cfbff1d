import { Callout, FormGroup, HTMLSelect, Spinner } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ROLE_GROUPS } from '@school/shared/domain';
import { useApi, useResourceForm } from '@school/shared/ui';
import { useAbility } from '../../app/ability-context';
import { AdminFormButtons } from '../../kit/admin-forms/admin-form-buttons';
import type { AdminFormProps } from '../../kit/admin-forms/admin-form.types';
import { DatePicker } from '../../kit/admin-widgets/date-input';
import { fetchUsersOfRoles } from '../../kit/admin-widgets/user-search.api';
import { OffperiodsEditor, WorkperiodsEditor } from './schedule-periods-editors';
import {
  SCHEDULE_FORM_QUERY,
  prolongedScheduleValues,
  scheduleFormBody,
  scheduleFormValues,
  schedulePresetValues,
  validateScheduleForm,
} from './schedule-form.mapper';
import './schedule-form.css';

export const scheduleFormKeys = { teachers: ['schedule-form', 'teachers'] as const };

/**
 * The schedule form (spec part 2 §3 Schedule, §5, §9): the teacher (active Teachers and
 * Methodologists), the dates it is valid, the weekly work periods and the days off. Create: POST
 * api/schedules; edit: POST api/schedules/{id} with _method=patch, both lists sent whole.
 */
function ScheduleFormBody({
  id,
  presets,
  copied,
  onSaved,
  onCancel,
  onDirtyChange,
}: AdminFormProps & { copied?: Record<string, unknown> }) {
  const { t } = useTranslation();
  const { client } = useApi();
  const ability = useAbility();
  const presetValues = useMemo(
    () => copied ?? (presets ? schedulePresetValues(presets) : undefined),
    [presets, copied],
  );
  const form = useResourceForm('schedules', id, {
    query: SCHEDULE_FORM_QUERY,
    presets: presetValues,
    fromRow: scheduleFormValues,
    toBody: scheduleFormBody,
    validate: validateScheduleForm,
    updateMethod: 'post',
    onSaved: (row) => onSaved(row, id === null ? 'create' : 'update'),
  });
  const teachers = useQuery({
    queryKey: scheduleFormKeys.teachers,
    queryFn: ({ signal }) => fetchUsersOfRoles(client, ROLE_GROUPS.teaching, signal),
    staleTime: 60_000,
  });
  const v = form.values;

  useEffect(() => onDirtyChange?.(form.dirty), [form.dirty, onDirtyChange]);

  if (!ability.can(form.mode === 'create' ? 'create' : 'update', 'schedule')) {
    return (
      <Callout intent="warning" data-testid="schedule-form-forbidden">
        {t('errors.forbidden')}
      </Callout>
    );
  }
  if (form.loading) {
    return (
      <div className="schedule-form__loading" data-testid="schedule-form-loading">
        <Spinner size={32} />
      </div>
    );
  }
  if (form.loadError) {
    return (
      <Callout intent="warning" data-testid="schedule-form-not-found">
        {t('errors.not_found')}
      </Callout>
    );
  }

  // The stored teacher stays listed when no longer active (or no longer a teacher).
  const storedUser = (form.stored?.user ?? null) as { id: number; full_name: string } | null;
  const options = [...(teachers.data ?? [])];
  if (v.user_id !== null && !options.some((teacher) => teacher.id === v.user_id)) {
    options.unshift({
      id: v.user_id,
      full_name: storedUser?.id === v.user_id ? storedUser.full_name : `#${v.user_id}`,
      role_id: 0,
    });
  }
  const teacherError = form.errorOf('user_id');
  return (
    <form
      className="schedule-form"
      onSubmit={form.onSubmit}
      noValidate
      data-testid="schedule-form"
      data-mode={form.mode}
    >
      <div className="schedule-form__head">
        <FormGroup
          label={t('scheduleForm.teacher')}
          labelFor="schedule-form-user_id"
          className="schedule-form__teacher"
          intent={teacherError ? 'danger' : 'none'}
          helperText={
            teacherError ? <span data-testid="schedule-form-user_id-error">{teacherError}</span> : undefined
          }
        >
          <HTMLSelect
            id="schedule-form-user_id"
            fill
            value={v.user_id === null ? '' : String(v.user_id)}
            onChange={(event) =>
              form.setValue(
                'user_id',
                event.currentTarget.value === '' ? null : Number(event.currentTarget.value),
              )
            }
            data-testid="schedule-form-user_id"
          >
            <option value="">{t('adminWidgets.choose')}</option>
            {options.map((teacher) => (
              <option key={teacher.id} value={String(teacher.id)}>
                {teacher.full_name}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
        <DatePicker
          name="schedule-form-start_at"
          label={t('scheduleForm.startAt')}
          value={v.start_at}
          error={form.errorOf('start_at')}
          onChange={(date) => form.setValue('start_at', date)}
        />
        <DatePicker
          name="schedule-form-end_at"
          label={t('scheduleForm.endAt')}
          value={v.end_at}
          error={form.errorOf('end_at')}
          helperText={t('scheduleForm.endAtHint')}
          clearable
          onChange={(date) => form.setValue('end_at', date)}
        />
      </div>
      <WorkperiodsEditor form={form} />
      <OffperiodsEditor form={form} />

      {form.formError ? (
        <Callout intent="danger" className="schedule-form__error" data-testid="schedule-form-error">
          {form.formError}
        </Callout>
      ) : null}
      <div className="schedule-form__actions">
        <AdminFormButtons name="schedule-form" form={form} onCancel={onCancel} />
      </div>
    </form>
  );
}

/**
 * The schedule form; `?create&copy_of=<id>` (the table's prolong, part 2 §2) starts from that
 * schedule as a copy: same teacher and work periods, no off periods, from its end with no end.
 */
export function ScheduleForm(props: AdminFormProps) {
  const { client } = useApi();
  const copyOf =
    props.id === null && typeof props.presets?.copy_of === 'number' ? props.presets.copy_of : undefined;
  const source = useQuery({
    queryKey: ['resources', 'schedules', 'copy', copyOf ?? 0],
    queryFn: ({ signal }) =>
      client
        .get<{ data: Record<string, unknown> }>(
          `/api/schedules/${copyOf}`,
          { ...SCHEDULE_FORM_QUERY },
          { signal },
        )
        .then((answer) => answer.data),
    enabled: copyOf !== undefined,
  });
  const copied = useMemo(
    () => (source.data ? prolongedScheduleValues(source.data) : undefined),
    [source.data],
  );
  if (copyOf !== undefined && source.isPending) {
    return (
      <div className="schedule-form__loading" data-testid="schedule-form-loading">
        <Spinner size={32} />
      </div>
    );
  }
  return <ScheduleFormBody {...props} copied={copied} />;
}
