import { Callout, Checkbox, FormGroup, Spinner, TextArea } from '@blueprintjs/core';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  BIRTHDATE_PICKER_YEARS_BACK,
  PASSWORD_MIN_LENGTH,
  RESPONSIBLE_TYPE,
  ROLE,
  idsOf,
  inRoleGroup,
} from '@school/shared/domain';
import { useAuth, useResourceForm } from '@school/shared/ui';
import { useAbility } from '../../app/ability-context';
import { AdminFormButtons } from '../../kit/admin-forms/admin-form-buttons';
import type { AdminFormProps } from '../../kit/admin-forms/admin-form.types';
import { DatePicker } from '../../kit/admin-widgets/date-input';
import { PhonesInput } from '../../kit/admin-widgets/phone-input';
import { RoleSelect } from '../../kit/admin-widgets/role-select';
import { ChoiceList, errorHelper, SelectField, TextField } from './user-form-fields';
import { FamilySection, TeacherProfileSection, useLookup } from './user-form-sections';
import {
  hasTeacherProfile,
  USER_FORM_EXTRA_FIELDS,
  USER_FORM_QUERY,
  userFormBody,
  userFormValues,
  userPresetValues,
  validateUserForm,
} from './user-form.mapper';
import './user-form.css';

const BIRTHDATE_MIN = new Date(1930, 0, 1);

/**
 * The user form (spec part 2 §3 User, §5 "User form", §6, §9): account, role and source, contacts
 * with phones (prefix 380, types), classes and languages, family links with their types, and a
 * teacher's profile. Create: POST api/users; edit: POST api/users/{id} with _method=patch. Client
 * rules and the server's 422 messages show under their fields.
 */
export function UserForm({ id, presets, onSaved, onCancel, onDirtyChange }: AdminFormProps) {
  const { t, i18n } = useTranslation();
  const { user } = useAuth();
  const ability = useAbility();
  const presetValues = useMemo(() => (presets ? userPresetValues(presets) : undefined), [presets]);
  const form = useResourceForm('users', id, {
    query: USER_FORM_QUERY,
    presets: presetValues,
    extraFields: USER_FORM_EXTRA_FIELDS,
    fromRow: userFormValues,
    toBody: userFormBody,
    validate: validateUserForm,
    updateMethod: 'post',
    onSaved: (row) => onSaved(row, id === null ? 'create' : 'update'),
  });
  const v = form.values;
  const classes = useLookup('classes');
  const languages = useLookup('languages');
  // Part 1 §7 "Reference loads: GET api/user_sources": a source added to the catalogue is offered
  // at once; the six the spec names keep their translated names, others show the stored one.
  const sources = useLookup('sources')?.map((choice) => {
    const key = `userForm.sources.${choice.id}`;
    return i18n.exists(key) ? { ...choice, label: t(key) } : choice;
  });
  const birthdateMonth = useMemo(() => {
    const at = new Date();
    at.setFullYear(at.getFullYear() - BIRTHDATE_PICKER_YEARS_BACK);
    return at;
  }, []);

  useEffect(() => onDirtyChange?.(form.dirty), [form.dirty, onDirtyChange]);

  // Part 2 §6: a Teacher may create a user only "limited to messenger_token": no form for them.
  if (!ability.can(form.mode === 'create' ? 'create' : 'update', 'user', 'firstname')) {
    return (
      <Callout intent="warning" data-testid="user-form-forbidden">
        {t('errors.forbidden')}
      </Callout>
    );
  }
  if (form.loading) {
    return (
      <div className="user-form__loading" data-testid="user-form-loading">
        <Spinner size={32} />
      </div>
    );
  }
  if (form.loadError) {
    return (
      <Callout intent="warning" data-testid="user-form-not-found">
        {t('errors.not_found')}
      </Callout>
    );
  }

  const ownAccount = form.mode === 'update' && id === user?.id;
  const needsType = v.role_id !== null && inRoleGroup('needsResponsibleType', v.role_id);
  const notes = errorHelper(form, 'notes', t('userForm.notesHint'));
  return (
    <form
      className="user-form"
      onSubmit={form.onSubmit}
      noValidate
      autoComplete="off"
      data-testid="user-form"
      data-mode={form.mode}
    >
      <fieldset className="user-form__section">
        <legend>{t('userForm.sections.account')}</legend>
        <div className="user-form__grid">
          <TextField form={form} name="surname" label={t('userForm.surname')} />
          <TextField form={form} name="firstname" label={t('userForm.firstname')} />
          <TextField form={form} name="patronymic" label={t('userForm.patronymic')} />
        </div>
        <div className="user-form__grid">
          <RoleSelect
            name="user-form-role_id"
            label={t('userForm.role')}
            value={v.role_id}
            actorRoleId={user?.role_id ?? ROLE.Guest}
            error={form.errorOf('role_id')}
            // Nobody changes their own role (docs/permissions.md, "Role grants").
            disabled={ownAccount}
            onChange={(roleId) => form.setValue('role_id', roleId)}
          />
          <SelectField form={form} name="source_id" label={t('userForm.source')} options={sources ?? []} />
          {needsType || v.responsible_type_id !== null ? (
            <SelectField
              form={form}
              name="responsible_type_id"
              label={t('userForm.responsibleType')}
              options={idsOf(RESPONSIBLE_TYPE).map((typeId) => ({
                id: typeId,
                label: t(`userForm.responsibleTypes.${typeId}`),
              }))}
            />
          ) : null}
        </div>
        <TextField form={form} name="email" type="email" label={t('userForm.email')} autoComplete="off" />
        <Callout
          intent="primary"
          compact
          icon="info-sign"
          className="user-form__note"
          data-testid="user-form-email-note"
        >
          {t('userForm.emailNote')}
        </Callout>
        <div className="user-form__grid">
          <TextField
            form={form}
            name="password"
            type="password"
            autoComplete="new-password"
            label={t('userForm.password')}
            hint={t(form.mode === 'create' ? 'userForm.passwordHint' : 'userForm.passwordHintEdit', {
              min: PASSWORD_MIN_LENGTH,
            })}
          />
          <FormGroup label={t('userForm.active')} {...errorHelper(form, 'active')}>
            <Checkbox
              checked={v.active}
              label={t('userForm.active')}
              onChange={(event) => form.setValue('active', event.currentTarget.checked)}
              data-testid="user-form-active"
            />
          </FormGroup>
        </div>
      </fieldset>

      <fieldset className="user-form__section">
        <legend>{t('userForm.sections.contacts')}</legend>
        <PhonesInput
          name="user-form-phones"
          label={t('userForm.phones')}
          value={v.phones}
          error={
            form.errorOf('phones') && !v.phones.some((_, index) => form.errorOf(`phones.${index}`))
              ? form.errorOf('phones')
              : undefined
          }
          errorOf={(index) => form.errorOf(`phones.${index}`)}
          onChange={(phones) => form.setValue('phones', phones)}
        />
        <div className="user-form__grid">
          <TextField form={form} name="zoom" label={t('userForm.zoom')} />
          <TextField form={form} name="googlemeet" label={t('userForm.googlemeet')} />
          <DatePicker
            name="user-form-birthdate"
            label={t('userForm.birthdate')}
            value={v.birthdate}
            error={form.errorOf('birthdate')}
            minDate={BIRTHDATE_MIN}
            maxDate={new Date()}
            initialMonth={birthdateMonth}
            clearable
            onChange={(date) => form.setValue('birthdate', date)}
          />
        </div>
        <ChoiceList form={form} name="classes" label={t('userForm.classes')} options={classes} />
        <ChoiceList form={form} name="languages" label={t('userForm.languages')} options={languages} />
        <FormGroup label={t('userForm.notes')} labelFor="user-form-notes" {...notes}>
          <TextArea
            id="user-form-notes"
            fill
            autoResize
            value={v.notes}
            onChange={(event) => form.setValue('notes', event.currentTarget.value)}
            data-testid="user-form-notes"
          />
        </FormGroup>
      </fieldset>

      <FamilySection form={form} />
      {hasTeacherProfile(v.role_id) ? <TeacherProfileSection form={form} /> : null}

      {form.formError ? (
        <Callout intent="danger" className="user-form__error" data-testid="user-form-error">
          {form.formError}
        </Callout>
      ) : null}
      <div className="user-form__actions">
        <AdminFormButtons name="user-form" form={form} onCancel={onCancel} />
      </div>
    </form>
  );
}
