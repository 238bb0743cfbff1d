import { Button, FormGroup, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { WEEKDAYS } from '@school/shared/domain';
import type { ResourceForm } from '@school/shared/ui';
import { DateTimePicker } from '../../kit/admin-widgets/date-time-picker';
import { TimeInput } from '../../kit/admin-widgets/time-picker';
import { newOffperiod, newWorkperiod, type OffperiodRow, type WorkperiodRow } from './schedule-form.mapper';

/** Monday first, as the school's weeks start (part 2 §9: Monday 1 … Saturday 6, Sunday 0). */
const WEEK_ORDER = [...WEEKDAYS.slice(1), WEEKDAYS[0]];

/** The first message of a row, under the row (part 2 §5). */
function RowError({ testId, message }: { testId: string; message?: string }) {
  return message ? (
    <div className="admin-widgets__error schedule-form__row-error" data-testid={testId}>
      {message}
    </div>
  ) : null;
}

/** The weekly work periods: weekday, start H:MM, minutes; overlapping ones are refused (docs/domain-rules.md). */
export function WorkperiodsEditor({ form }: { form: ResourceForm }) {
  const { t } = useTranslation();
  const rows = (form.values.workperiods as WorkperiodRow[] | undefined) ?? [];
  const replace = (index: number, row: WorkperiodRow) =>
    form.setValue(
      'workperiods',
      rows.map((current, i) => (i === index ? row : current)),
    );
  return (
    <fieldset className="schedule-form__section" data-testid="schedule-form-workperiods">
      <legend>{t('scheduleForm.workperiods')}</legend>
      {rows.length === 0 ? <p className="admin-widgets__hint">{t('scheduleForm.noWorkperiods')}</p> : null}
      {rows.map((row, index) => {
        const cell = (name: string) => Boolean(form.errorOf(`workperiods.${index}.${name}`));
        return (
          <div
            key={row.id}
            className="schedule-form__period"
            data-testid={`schedule-form-workperiod-${index}`}
          >
            <span className="schedule-form__number">{index + 1}.</span>
            <HTMLSelect
              value={row.weekday === null ? '' : String(row.weekday)}
              aria-label={t('scheduleForm.weekday')}
              className={cell('weekday') ? 'schedule-form__invalid' : undefined}
              onChange={(event) =>
                replace(index, {
                  ...row,
                  weekday: event.currentTarget.value === '' ? null : Number(event.currentTarget.value),
                })
              }
              data-testid={`schedule-form-workperiod-${index}-weekday`}
            >
              <option value="">{t('scheduleForm.weekday')}…</option>
              {WEEK_ORDER.map((day) => (
                <option key={day} value={String(day)}>
                  {t(`scheduleForm.weekdays.${day}`)}
                </option>
              ))}
            </HTMLSelect>
            <TimeInput
              id={`schedule-form-workperiod-${index}-start`}
              className="schedule-form__time"
              value={row.start_time}
              invalid={cell('start_time')}
              ariaLabel={t('scheduleForm.startTime')}
              onChange={(start_time) => replace(index, { ...row, start_time })}
            />
            <InputGroup
              className="schedule-form__duration"
              value={row.duration}
              inputMode="numeric"
              rightElement={<span className="schedule-form__unit">{t('scheduleForm.minutesUnit')}</span>}
              intent={cell('duration') ? 'danger' : 'none'}
              aria-label={t('scheduleForm.duration')}
              onChange={(event: React.ChangeEvent<HTMLInputElement>) =>
                replace(index, { ...row, duration: event.currentTarget.value })
              }
              data-testid={`schedule-form-workperiod-${index}-duration`}
            />
            <Button
              icon="trash"
              variant="minimal"
              aria-label={t('scheduleForm.remove')}
              title={t('scheduleForm.remove')}
              onClick={() =>
                form.setValue(
                  'workperiods',
                  rows.filter((_, i) => i !== index),
                )
              }
              data-testid={`schedule-form-workperiod-${index}-remove`}
            />
            <RowError
              testId={`schedule-form-workperiod-${index}-error`}
              message={form.errorOf(`workperiods.${index}`)}
            />
          </div>
        );
      })}
      <Button
        icon="add"
        size="small"
        variant="minimal"
        intent="primary"
        text={t('scheduleForm.addWorkperiod')}
        onClick={() => form.setValue('workperiods', [...rows, newWorkperiod(rows)])}
        data-testid="schedule-form-add-workperiod"
      />
    </fieldset>
  );
}

/** Days off, each a start and an end with times (default the whole days); overlapping ones are refused. */
export function OffperiodsEditor({ form }: { form: ResourceForm }) {
  const { t } = useTranslation();
  const rows = (form.values.offperiods as OffperiodRow[] | undefined) ?? [];
  const replace = (index: number, row: OffperiodRow) =>
    form.setValue(
      'offperiods',
      rows.map((current, i) => (i === index ? row : current)),
    );
  return (
    <fieldset className="schedule-form__section" data-testid="schedule-form-offperiods">
      <legend>{t('scheduleForm.offperiods')}</legend>
      {rows.length === 0 ? <p className="admin-widgets__hint">{t('scheduleForm.noOffperiods')}</p> : null}
      {rows.map((row, index) => (
        <div key={row.id} className="schedule-form__off" data-testid={`schedule-form-offperiod-${index}`}>
          <span className="schedule-form__number">{index + 1}.</span>
          <DateTimePicker
            name={`schedule-form-offperiod-${index}-start`}
            label={t('scheduleForm.offStart')}
            value={row.start}
            error={form.errorOf(`offperiods.${index}.start_at`)}
            onChange={(start) =>
              replace(index, {
                ...row,
                start,
                end: row.end.date === '' ? { ...row.end, date: start.date } : row.end,
              })
            }
          />
          <DateTimePicker
            name={`schedule-form-offperiod-${index}-end`}
            label={t('scheduleForm.offEnd')}
            value={row.end}
            error={form.errorOf(`offperiods.${index}.end_at`)}
            onChange={(end) => replace(index, { ...row, end })}
          />
          <FormGroup label={'\u00a0'}>
            <Button
              icon="trash"
              variant="minimal"
              aria-label={t('scheduleForm.remove')}
              title={t('scheduleForm.remove')}
              onClick={() =>
                form.setValue(
                  'offperiods',
                  rows.filter((_, i) => i !== index),
                )
              }
              data-testid={`schedule-form-offperiod-${index}-remove`}
            />
          </FormGroup>
        </div>
      ))}
      <Button
        icon="add"
        size="small"
        variant="minimal"
        intent="primary"
        text={t('scheduleForm.addOffperiod')}
        onClick={() => form.setValue('offperiods', [...rows, newOffperiod(rows)])}
        data-testid="schedule-form-add-offperiod"
      />
    </fieldset>
  );
}
