import { Callout, Checkbox, FormGroup, HTMLSelect, Spinner, TextArea } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MISS_STATUS, ROLE } from '@school/shared/domain';
import type { ResourceRow } from '@school/shared/api';
import type { CalendarStudy } from '@school/shared/ui/calendar';
import { useApi, useAuth, useResourceForm, type FormMode, type FormValues } from '@school/shared/ui';
import { useAbility } from '../../app/ability-context';
import { AdminFormButtons } from '../../kit/admin-forms/admin-form-buttons';
import { calendarKeys, fetchStudyTypes } from '../../kit/calendar-data/calendar-api';
import { MissStatusField } from '../study-modal/study-miss-status-field';
import { DateTimePicker } from '../../kit/admin-widgets/date-time-picker';
import { fetchUsersByIds, userSearchKeys } from '../../kit/admin-widgets/user-search.api';
import { fetchInitiators, STUDY_FORM_QUERY } from './study-form.api';
import {
  durationOf,
  movedStart,
  moveToEndSubscription,
  startMoved,
  STUDY_FORM_EXTRA_FIELDS,
  studyFormAccess,
  studyFormBody,
  studyFormValues,
  studyPresetValues,
  validateStudyForm,
  type PickerValue,
  type StudyParticipant,
} from './study-form.mapper';
import { StudyParticipantsField } from './study-participants-field';
import { StudyMoveToEndField, useMoveToEnd, useMoveToEndSave } from './study-move-to-end-field';
import { StudyFormSections } from './study-form-sections';
import './study-form.css';

export interface StudyFormProps {
  /** null: a new study. */
  studyId: number | null;
  /** A `?create` link's presets (presetsFromQuery). */
  presets?: FormValues;
  onSaved(row: ResourceRow<'studies'>, mode: FormMode): void;
  /** Cancel was pressed; `dirty` says whether there is something to lose. */
  onCancel(dirty: boolean): void;
  onDirtyChange?(dirty: boolean): void;
}

/** Participants' names and roles: those the stored study lists, those found by search, the rest looked up. */
function usePeople(users: readonly number[], stored: unknown) {
  const { client } = useApi();
  const [picked, setPicked] = useState<ReadonlyMap<number, StudyParticipant>>(new Map());
  const storedPeople = useMemo(() => {
    const map = new Map<number, StudyParticipant>();
    const rows = (
      stored as
        | { users?: Array<{ id: number; full_name: string; role_id: number; pivot?: { role_id?: number } }> }
        | undefined
    )?.users;
    for (const user of rows ?? [])
      map.set(user.id, {
        id: user.id,
        full_name: user.full_name,
        role_id: user.pivot?.role_id ?? user.role_id,
      });
    return map;
  }, [stored]);
  const missing = users.filter((id) => !storedPeople.has(id) && !picked.has(id));
  const looked = useQuery({
    queryKey: userSearchKeys.byIds(missing),
    queryFn: ({ signal }) => fetchUsersByIds(client, missing, signal),
    enabled: missing.length > 0,
  });
  const people = useMemo(() => {
    const map = new Map<number, StudyParticipant>(storedPeople);
    for (const user of looked.data ?? []) map.set(user.id, user);
    for (const [id, user] of picked) map.set(id, user);
    return map;
  }, [storedPeople, looked.data, picked]);
  const remember = (user: StudyParticipant) => setPicked((current) => new Map(current).set(user.id, user));
  return { people, remember };
}

/**
 * The study form (spec part 2 §2 "Study form", §3-§6, §9): participants with one package per
 * student, start and end, type, trial, comment, miss status, days off, and the date-change block
 * of a moved study. Create: POST api/studies; edit: POST api/studies/{id} with _method=patch.
 * The studies admin table embeds it; until then a dialog opens it from deep links.
 */
export function StudyForm({ studyId, presets, onSaved, onCancel, onDirtyChange }: StudyFormProps) {
  const { t, i18n } = useTranslation();
  const { client } = useApi();
  const { user } = useAuth();
  const ability = useAbility();
  const roleId = user?.role_id ?? ROLE.Guest;
  const presetValues = useMemo(() => (presets ? studyPresetValues(presets) : undefined), [presets]);
  const form = useResourceForm('studies', studyId, {
    query: STUDY_FORM_QUERY,
    presets: presetValues,
    extraFields: STUDY_FORM_EXTRA_FIELDS,
    fromRow: studyFormValues,
    toBody: studyFormBody,
    validate: validateStudyForm,
    updateMethod: 'post',
    onSaved: (row) => onSaved(row, studyId === null ? 'create' : 'update'),
  });
  const v = form.values;
  const initial = form.initial;
  const { people, remember } = usePeople(v.users ?? [], form.stored);
  const moved = startMoved(form.values, form.initial, form.mode);
  const setStart = (start: PickerValue, end?: PickerValue) => {
    const next: Record<string, unknown> = end ? { start, end } : movedStart(v, start);
    const nowMoved = startMoved({ ...form.values, ...next }, form.initial, form.mode);
    if (form.mode === 'update') {
      // Part 2 §4: a new date resets the miss status; going back restores the block's defaults.
      next.miss_status = nowMoved ? MISS_STATUS.None : initial.miss_status;
      if (!nowMoved) Object.assign(next, { show_in_history: true, initiated_by: null, change_comment: '' });
    }
    form.setValues(next);
  };
  const moveToEnd = useMoveToEnd(
    moveToEndSubscription(form.values),
    { start: v.start, end: v.end },
    {
      onDate: (start) => setStart(start),
      onRestore: (before) => setStart(before.start, before.end),
    },
  );
  const movingToEnd = moveToEnd.state !== 'off';
  const access = studyFormAccess(form.values, form.initial, form.mode, roleId, people, movingToEnd);
  // Saving with the box ticked is the move-to-end command (then the usual update for the rest).
  const moveSave = useMoveToEndSave(form, studyId, moveToEnd.state, (row) => onSaved(row, 'update'));
  const errorOf = (field: string) =>
    movingToEnd ? (moveSave.errorOf(field) ?? form.errorOf(field)) : form.errorOf(field);
  const onSubmit = (event: FormEvent) => (movingToEnd ? moveSave.onSubmit(event) : form.onSubmit(event));

  const types = useQuery({
    queryKey: [...calendarKeys.studyTypes, i18n.language],
    queryFn: () => fetchStudyTypes(client),
    staleTime: Infinity,
  });
  const initiators = useQuery({
    queryKey: ['study-form', 'initiators', i18n.language],
    queryFn: () => fetchInitiators(client),
    enabled: moved,
    staleTime: Infinity,
    meta: { silent: true },
  });

  useEffect(() => onDirtyChange?.(form.dirty), [form.dirty, onDirtyChange]);

  // Part 1 §6, part 2 §6: create needs `create study`; each field of an edit its own `update study`.
  const can = (field: string) =>
    form.mode === 'create' ? ability.can('create', 'study') : ability.can('update', 'study', field);
  if (form.mode === 'create' ? !ability.can('create', 'study') : !ability.can('update', 'study')) {
    return (
      <Callout intent="warning" data-testid="study-form-forbidden">
        {t('errors.forbidden')}
      </Callout>
    );
  }
  if (form.loading) {
    return (
      <div className="study-form__loading" data-testid="study-form-loading">
        <Spinner size={32} />
      </div>
    );
  }
  if (form.loadError) {
    return (
      <Callout intent="warning" data-testid="study-form-not-found">
        {t('calendarUi.modal.notFound')}
      </Callout>
    );
  }

  const removeUser = (id: number) => {
    const subscriptions = { ...v.subscriptions };
    delete subscriptions[String(id)];
    form.setValues({ users: v.users.filter((userId) => userId !== id), subscriptions });
  };
  const length = durationOf(v);
  const formError = movingToEnd ? (moveSave.formError ?? form.formError) : form.formError;
  const dateDisabled = !can('start') || access.dateLocked || movingToEnd;

  return (
    <>
      <form
        className="study-form"
        onSubmit={onSubmit}
        noValidate
        data-testid="study-form"
        data-mode={form.mode}
      >
        <StudyParticipantsField
          users={v.users ?? []}
          people={people}
          subscriptions={v.subscriptions ?? {}}
          disabled={!can('users')}
          error={errorOf('users')}
          subscriptionsError={errorOf('subscriptions')}
          onAdd={(person) => {
            remember(person);
            form.setValue('users', [...(v.users ?? []), person.id]);
          }}
          onRemove={removeUser}
          onSubscription={(studentId, subscriptionId) =>
            form.setValue('subscriptions', { ...v.subscriptions, [String(studentId)]: subscriptionId })
          }
        />

        <div className="study-form__times">
          <DateTimePicker
            name="study-form-start"
            label={t('studyForm.start')}
            value={v.start}
            error={errorOf('start')}
            disabled={dateDisabled}
            onChange={setStart}
          />
          <DateTimePicker
            name="study-form-end"
            label={
              length !== null && length > 0
                ? `${t('studyForm.end')} (${t('studyForm.duration', { minutes: length })})`
                : t('studyForm.end')
            }
            value={v.end}
            error={errorOf('end') ?? (errorOf('start') ? undefined : errorOf('duration'))}
            disabled={dateDisabled || !can('end')}
            onChange={(end) => form.setValue('end', end)}
          />
        </div>
        {(access.moveToEndAvailable || movingToEnd) && can('start') ? (
          <StudyMoveToEndField moveToEnd={moveToEnd} />
        ) : null}
        {access.dateLocked ? (
          <Callout
            intent="warning"
            compact
            className="study-form__locked"
            data-testid="study-form-date-locked"
          >
            {t('missStatus.billedMissLocksDate')}
          </Callout>
        ) : null}

        {moved ? (
          <fieldset className="study-form__date-change" data-testid="study-form-date-change">
            <legend>{t('studyForm.dateChange')}</legend>
            <Checkbox
              checked={v.show_in_history}
              label={t('studyForm.showInHistory')}
              onChange={(event) => form.setValue('show_in_history', event.currentTarget.checked)}
              data-testid="study-form-show-in-history"
            />
            {v.show_in_history ? (
              <FormGroup
                label={t('studyForm.initiatedBy')}
                labelFor="study-form-initiated-by"
                intent={errorOf('initiated_by') ? 'danger' : 'none'}
                helperText={
                  errorOf('initiated_by') ? (
                    <span data-testid="study-form-initiated_by-error">{errorOf('initiated_by')}</span>
                  ) : undefined
                }
              >
                <HTMLSelect
                  id="study-form-initiated-by"
                  value={v.initiated_by === null ? '' : String(v.initiated_by)}
                  onChange={(event) => {
                    moveSave.clearIssues();
                    form.setValue(
                      'initiated_by',
                      event.currentTarget.value === '' ? null : Number(event.currentTarget.value),
                    );
                  }}
                  data-testid="study-form-initiated-by"
                >
                  <option value="">{t('adminWidgets.choose')}</option>
                  {(initiators.data ?? []).map((option) => (
                    <option key={option.value} value={String(option.value)}>
                      {option.text}
                    </option>
                  ))}
                </HTMLSelect>
              </FormGroup>
            ) : null}
            <FormGroup
              label={t('studyForm.changeComment')}
              labelFor="study-form-change-comment"
              helperText={errorOf('change_comment')}
            >
              <TextArea
                id="study-form-change-comment"
                fill
                value={v.change_comment}
                onChange={(event) => form.setValue('change_comment', event.currentTarget.value)}
                data-testid="study-form-change-comment"
              />
            </FormGroup>
          </fieldset>
        ) : null}

        <div className="study-form__row">
          <FormGroup
            label={t('studyForm.type')}
            labelFor="study-form-type"
            className="study-form__type"
            intent={errorOf('type_id') ? 'danger' : 'none'}
            helperText={
              errorOf('type_id') ? (
                <span data-testid="study-form-type_id-error">{errorOf('type_id')}</span>
              ) : undefined
            }
          >
            <HTMLSelect
              id="study-form-type"
              fill
              value={v.type_id === null ? '' : String(v.type_id)}
              disabled={!can('type_id')}
              onChange={(event) =>
                form.setValue(
                  'type_id',
                  event.currentTarget.value === '' ? null : Number(event.currentTarget.value),
                )
              }
              data-testid="study-form-type"
            >
              {v.type_id !== null && types.data && !types.data.has(v.type_id) ? (
                <option value={String(v.type_id)}>#{v.type_id}</option>
              ) : null}
              {[...(types.data ?? new Map<number, string>())].map(([id, name]) => (
                <option key={id} value={String(id)}>
                  {name}
                </option>
              ))}
            </HTMLSelect>
          </FormGroup>
          <div className="study-form__flags">
            <Checkbox
              checked={v.trial}
              disabled={!can('trial')}
              label={t('studyForm.trial')}
              onChange={(event) => form.setValue('trial', event.currentTarget.checked)}
              data-testid="study-form-trial"
            />
            <Checkbox
              checked={v.ignore_offperiods}
              disabled={!can('start')}
              label={t('studyForm.ignoreOffperiods')}
              onChange={(event) => form.setValue('ignore_offperiods', event.currentTarget.checked)}
              data-testid="study-form-ignore-offperiods"
            />
          </div>
        </div>

        <FormGroup
          label={t('studyForm.comment')}
          labelFor="study-form-comment"
          intent={errorOf('comment') ? 'danger' : 'none'}
          helperText={
            errorOf('comment') ? (
              <span data-testid="study-form-comment-error">{errorOf('comment')}</span>
            ) : undefined
          }
        >
          <TextArea
            id="study-form-comment"
            fill
            autoResize
            value={v.comment}
            disabled={!can('comment')}
            placeholder={t('calendarUi.modal.commentPlaceholder')}
            onChange={(event) => form.setValue('comment', event.currentTarget.value)}
            data-testid="study-form-comment"
          />
        </FormGroup>

        {access.showMissStatus && can('miss_status') ? (
          <MissStatusField
            roleId={roleId}
            saved={initial.miss_status ?? MISS_STATUS.None}
            value={v.miss_status}
            error={errorOf('miss_status')}
            onChange={(value) => form.setValue('miss_status', value)}
          />
        ) : null}

        {formError ? (
          <Callout intent="danger" className="study-form__error" data-testid="study-form-error">
            {formError}
          </Callout>
        ) : null}

        <div className="study-form__actions">
          <AdminFormButtons
            name="study-form"
            form={{ ...form, submitting: form.submitting || moveSave.submitting }}
            onCancel={onCancel}
          />
        </div>
      </form>
      {form.mode === 'update' && form.stored ? (
        <StudyFormSections study={form.stored as unknown as CalendarStudy} />
      ) : null}
    </>
  );
}
