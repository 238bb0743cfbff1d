import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PRIORITIES, ROLE, SEX, idsOf } from '@school/shared/domain';
import { useApi, type ResourceForm } from '@school/shared/ui';
import { SearchableMultiselect } from '../../kit/admin-widgets/searchable-multiselect';
import {
  fetchUsersByIds,
  searchUsers,
  userSearchKeys,
  type UserOption,
  type UserSearchFilter,
} from '../../kit/admin-widgets/user-search.api';
import { fetchLookup, fetchManagers, userFormKeys, type UserLookup } from './user-form.api';
import { ChoiceList, SelectField } from './user-form-fields';
import { linkedPeople, showsChilds, showsResponsibles, type UserFormValues } from './user-form.mapper';

/** A lookup's choices in the interface language (names are translated by the server). */
export function useLookup(name: UserLookup) {
  const { client } = useApi();
  const { t, i18n } = useTranslation();
  const found = useQuery({
    queryKey: userFormKeys.lookup(name, i18n.language),
    queryFn: ({ signal }) => fetchLookup(client, name, signal),
    staleTime: Infinity,
  });
  return found.data?.map((choice) =>
    choice.minutes !== undefined
      ? { ...choice, label: t('userForm.minutes', { count: choice.minutes }) }
      : choice,
  );
}

const RESPONSIBLES_SEARCH: UserSearchFilter = { roleIds: [ROLE.Responsible] };
const CHILDS_SEARCH: UserSearchFilter = { roleIds: [ROLE.Student] };

/**
 * A Student's responsibles (each with its type: Mom, Dad…) and a Responsible's children (part 2
 * §3 User: responsibles, childs), found by name from two letters on.
 */
export function FamilySection({ form }: { form: ResourceForm<UserFormValues> }) {
  const { t } = useTranslation();
  const { client } = useApi();
  const v = form.values;
  const [picked, setPicked] = useState<UserOption[]>([]);
  const known = linkedPeople(form.stored, picked);
  const missing = [...v.responsibles, ...v.childs].filter((id) => !known.has(id));
  const looked = useQuery({
    queryKey: userSearchKeys.byIds(missing),
    queryFn: ({ signal }) => fetchUsersByIds(client, missing, signal),
    enabled: missing.length > 0,
  });
  const people = linkedPeople(form.stored, picked, looked.data ?? []);
  const typeOf = (person: UserOption | undefined) =>
    person?.responsible_type_id ? t(`userForm.responsibleTypes.${person.responsible_type_id}`) : null;
  const remember = (person?: UserOption) => person && setPicked((current) => [...current, person]);
  if (!showsResponsibles(v) && !showsChilds(v)) return null;
  return (
    <fieldset className="user-form__section" data-testid="user-form-family">
      <legend>{t('userForm.sections.family')}</legend>
      {showsResponsibles(v) ? (
        <SearchableMultiselect
          name="user-form-responsibles"
          label={t('userForm.responsibles')}
          value={v.responsibles}
          chosen={people}
          error={form.errorOf('responsibles')}
          queryKey={userSearchKeys.search(RESPONSIBLES_SEARCH)}
          search={(text, signal) => searchUsers(client, text, RESPONSIBLES_SEARCH, signal)}
          option={(person) => ({ text: person.full_name, label: typeOf(person) ?? undefined })}
          tagDetail={(person) => (typeOf(person) ? `(${typeOf(person)})` : null)}
          onChange={(ids, person) => {
            remember(person);
            form.setValue('responsibles', ids);
          }}
        />
      ) : null}
      {showsChilds(v) ? (
        <SearchableMultiselect
          name="user-form-childs"
          label={t('userForm.childs')}
          value={v.childs}
          chosen={people}
          error={form.errorOf('childs')}
          queryKey={userSearchKeys.search(CHILDS_SEARCH)}
          search={(text, signal) => searchUsers(client, text, CHILDS_SEARCH, signal)}
          option={(person) => ({ text: person.full_name })}
          onChange={(ids, person) => {
            remember(person);
            form.setValue('childs', ids);
          }}
        />
      ) : null}
    </fieldset>
  );
}

/** The teacher profile (part 2 §3 Teacher data; §5: manager, priority and sex required for a Teacher). */
export function TeacherProfileSection({ form }: { form: ResourceForm }) {
  const { t } = useTranslation();
  const { client } = useApi();
  const managers = useQuery({
    queryKey: userFormKeys.managers,
    queryFn: ({ signal }) => fetchManagers(client, signal),
    staleTime: 60_000,
  });
  const formats = useLookup('teaching_formats');
  const programs = useLookup('teaching_programs');
  const styles = useLookup('teaching_styles');
  const types = useLookup('teaching_study_types');
  const durations = useLookup('study_durations');
  return (
    <fieldset className="user-form__section" data-testid="user-form-teacher">
      <legend>{t('userForm.sections.teacher')}</legend>
      <div className="user-form__grid">
        <SelectField
          form={form}
          name="manager_id"
          label={t('userForm.manager')}
          options={(managers.data ?? []).map((manager) => ({ id: manager.id, label: manager.full_name }))}
        />
        <SelectField
          form={form}
          name="priority"
          label={t('userForm.priority')}
          options={PRIORITIES.map((p) => ({ id: p, label: String(p) }))}
        />
        <SelectField
          form={form}
          name="sex"
          label={t('userForm.sex')}
          options={idsOf(SEX).map((id) => ({ id, label: t(`userForm.sexes.${id}`) }))}
        />
      </div>
      <ChoiceList
        form={form}
        name="teaching_formats"
        label={t('userForm.teachingFormats')}
        options={formats}
      />
      <ChoiceList
        form={form}
        name="teaching_programs"
        label={t('userForm.teachingPrograms')}
        options={programs}
      />
      <ChoiceList form={form} name="teaching_styles" label={t('userForm.teachingStyles')} options={styles} />
      <ChoiceList
        form={form}
        name="teaching_study_types"
        label={t('userForm.teachingStudyTypes')}
        options={types}
      />
      <ChoiceList
        form={form}
        name="study_durations"
        label={t('userForm.studyDurations')}
        options={durations}
      />
    </fieldset>
  );
}
