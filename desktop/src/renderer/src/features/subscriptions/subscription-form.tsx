import {
  Button,
  Callout,
  Checkbox,
  FormGroup,
  HTMLSelect,
  InputGroup,
  Spinner,
  Switch,
} from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { DateTime } from 'luxon';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DATE_FORMAT, ROLE, ROLE_GROUPS } from '@school/shared/domain';
import { formatMoney } from '@school/shared/rules';
import { useApi, useResourceForm } from '@school/shared/ui';
import { useAbility } from '../../app/ability-context';
import { DatePicker } from '../../kit/admin-widgets/date-input';
import type { UserOption } from '../../kit/admin-widgets/user-search.api';
import { MoneyInput } from '../../kit/admin-widgets/money-input';
import { AdminFormButtons } from '../../kit/admin-forms/admin-form-buttons';
import type { AdminFormProps } from '../../kit/admin-forms/admin-form.types';
import { calendarKeys, fetchStudyTypes } from '../../kit/calendar-data/calendar-api';
import { fetchEurRate, moneyFormKeys, type EurRate } from '../contracts/money-forms.api';
import { PersonPickerField, usePerson } from '../contracts/person-picker-field';
import '../contracts/money-forms.css';
import {
  firstContractOf,
  prolongedValues,
  SUBSCRIPTION_FORM_EXTRA_FIELDS,
  subscriptionFormBody,
  subscriptionFormValues,
  subscriptionPresetValues,
  subscriptionUpdateBody,
  subscriptionValuesFromRow,
  uahFromEurText,
  validateSubscriptionForm,
  type StoredSubscription,
  type SubscriptionFormValues,
} from './subscription-form.mapper';
import { SubscriptionSlotsField } from './subscription-slots-field';

/** The package with what its form reads: the student, the studies with their people, the template. */
export const SUBSCRIPTION_FORM_QUERY = { with: ['contract.student', 'studies.users', 'studies_template'] };

const dateText = (iso: string, language: string) =>
  DateTime.fromISO(iso).setLocale(language).toFormat(DATE_FORMAT);

function EurPricing({
  v,
  errorOf,
  rate,
  setValues,
}: {
  v: SubscriptionFormValues;
  errorOf(field: string): string | undefined;
  rate: ReturnType<typeof useEurRate>;
  setValues(values: Partial<SubscriptionFormValues>): void;
}) {
  const { t, i18n } = useTranslation();
  const uah = uahFromEurText(v.eur_price_per_study, v.eur_rate);
  // A new rate or EUR price re-prices the package in whole hryvnias (part 2 §9).
  const reprice = (next: Partial<SubscriptionFormValues>) => {
    const price = uahFromEurText(
      next.eur_price_per_study ?? v.eur_price_per_study,
      next.eur_rate ?? v.eur_rate,
    );
    setValues(price === null ? next : { ...next, price_per_study: price });
  };
  const group = (field: 'eur_price_per_study' | 'eur_rate', label: string) => ({
    label,
    labelFor: `subscription-form-${field}`,
    intent: errorOf(field) ? ('danger' as const) : ('none' as const),
    helperText: errorOf(field) ? (
      <span data-testid={`subscription-form-${field}-error`}>{errorOf(field)}</span>
    ) : undefined,
  });
  return (
    <div className="subscription-eur" data-testid="subscription-form-eur">
      <div className="money-form__row">
        <FormGroup {...group('eur_price_per_study', t('moneyForms.subscription.eurPrice'))}>
          <InputGroup
            id="subscription-form-eur_price_per_study"
            inputMode="decimal"
            value={v.eur_price_per_study}
            rightElement={<span className="money-input__currency">€</span>}
            onChange={(event: React.ChangeEvent<HTMLInputElement>) =>
              reprice({ eur_price_per_study: event.currentTarget.value })
            }
            data-testid="subscription-form-eur-price"
          />
        </FormGroup>
        <FormGroup {...group('eur_rate', t('moneyForms.subscription.eurRate'))}>
          <InputGroup
            id="subscription-form-eur_rate"
            inputMode="decimal"
            value={v.eur_rate}
            onChange={(event: React.ChangeEvent<HTMLInputElement>) =>
              reprice({ eur_rate: event.currentTarget.value })
            }
            rightElement={
              <Button
                variant="minimal"
                icon="refresh"
                loading={rate.isFetching}
                aria-label={t('moneyForms.subscription.refreshRate')}
                title={t('moneyForms.subscription.refreshRate')}
                onClick={() =>
                  void rate
                    .refetch()
                    .then((answer) => answer.data && reprice({ eur_rate: String(answer.data.eur_rate) }))
                }
                data-testid="subscription-form-refresh-rate"
              />
            }
            data-testid="subscription-form-eur-rate"
          />
        </FormGroup>
      </div>
      <p className="subscription-eur__rate" data-testid="subscription-form-rate-note">
        {rate.isError
          ? t('moneyForms.subscription.rateUnavailable')
          : rate.data
            ? t(rate.data.stale ? 'moneyForms.subscription.rateStale' : 'moneyForms.subscription.rateOf', {
                date: dateText(rate.data.date, i18n.language),
              }) + ` · ${rate.data.eur_rate}`
            : null}
        {uah !== null ? (
          <> · {t('moneyForms.subscription.uahFromEur', { price: formatMoney(uah, i18n.language) })}</>
        ) : null}
      </p>
    </div>
  );
}

/** Part 2 §7 `GET api/exchange-rate/eur`; a failure is only logged (§8): the rate is typed in. */
function useEurRate(enabled: boolean) {
  const { client } = useApi();
  return useQuery<EurRate>({
    queryKey: moneyFormKeys.eurRate,
    queryFn: () => fetchEurRate(client),
    enabled,
    staleTime: 10 * 60_000,
    retry: false,
    meta: { silent: true },
  });
}

interface BodyProps extends AdminFormProps {
  /** A copy's starting values (prolong), over the link's presets. */
  start?: Record<string, unknown>;
  copyOf?: number;
}

function SubscriptionFormBody({ id, presets, start, copyOf, onSaved, onCancel, onDirtyChange }: BodyProps) {
  const { t, i18n } = useTranslation();
  const { client } = useApi();
  const ability = useAbility();
  const presetValues = useMemo(
    () => (id === null ? { ...start, ...subscriptionPresetValues(presets ?? {}) } : undefined),
    [id, presets, start],
  );
  const form = useResourceForm('subscriptions', id, {
    query: SUBSCRIPTION_FORM_QUERY,
    presets: presetValues,
    extraFields: SUBSCRIPTION_FORM_EXTRA_FIELDS,
    fromRow: subscriptionFormValues,
    toBody: subscriptionFormBody,
    updateBody: subscriptionUpdateBody,
    validate: (values) => validateSubscriptionForm(values),
    ownSchemaOnly: true,
    updateMethod: 'post',
    onSaved: (row) => onSaved(row, id === null ? 'create' : 'update'),
  });
  const v = form.values;
  const stored = form.stored as StoredSubscription | undefined;
  const teacher = usePerson(v.teacher_id ?? null, {});
  const student = usePerson(v.student_id ?? null, { withContracts: true }, stored?.contract?.student ?? null);
  const types = useQuery({
    queryKey: [...calendarKeys.studyTypes, i18n.language],
    queryFn: () => fetchStudyTypes(client),
    staleTime: Infinity,
  });
  const rate = useEurRate(Boolean(v.in_eur));
  useEffect(() => onDirtyChange?.(form.dirty), [form.dirty, onDirtyChange]);

  // The live rate fills an empty rate field once it arrives (the euro price then gives the UAH price).
  const liveRate = rate.data?.eur_rate;
  useEffect(() => {
    if (!v.in_eur || liveRate === undefined || (v.eur_rate ?? '') !== '') return;
    const price = uahFromEurText(v.eur_price_per_study ?? '', String(liveRate));
    form.setValues(
      price === null
        ? { eur_rate: String(liveRate) }
        : { eur_rate: String(liveRate), price_per_study: price },
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new rate or the switch decide
  }, [liveRate, v.in_eur]);

  const allowed = id === null ? ability.can('create', 'subscription') : ability.can('update', 'subscription');
  if (!allowed) {
    return (
      <Callout intent="warning" data-testid="subscription-form-forbidden">
        {t('errors.forbidden')}
      </Callout>
    );
  }
  if (form.loading) {
    return (
      <div className="money-form__loading" data-testid="subscription-form-loading">
        <Spinner size={32} />
      </div>
    );
  }
  if (form.loadError) {
    return (
      <Callout intent="warning" data-testid="subscription-form-not-found">
        {t('calendarUi.modal.notFound')}
      </Callout>
    );
  }

  const editing = form.mode === 'update';
  const error = form.errorOf;
  const group = (field: string, label: string) => ({
    label,
    labelFor: `subscription-form-${field}`,
    intent: error(field) ? ('danger' as const) : ('none' as const),
    helperText: error(field) ? (
      <span data-testid={`subscription-form-${field}-error`}>{error(field)}</span>
    ) : undefined,
  });
  const contracts = student.person?.contracts ?? [];
  const pickStudent = (person: UserOption) => {
    student.remember(person);
    form.setValues({ student_id: person.id, contract_id: firstContractOf(person)?.id ?? null });
  };

  return (
    <form
      className="money-form"
      onSubmit={form.onSubmit}
      noValidate
      data-testid="subscription-form"
      data-mode={form.mode}
    >
      {copyOf ? (
        <Callout
          compact
          intent="primary"
          className="money-form__note"
          data-testid="subscription-form-prolong"
        >
          {t('moneyForms.subscription.prolongOf', { id: copyOf })}
        </Callout>
      ) : null}
      {editing ? (
        <Callout compact className="money-form__note">
          {t('moneyForms.subscription.editNote')}
        </Callout>
      ) : null}
      <div className="money-form__row">
        <PersonPickerField
          label={t('moneyForms.subscription.teacher')}
          placeholder={t('moneyForms.subscription.searchTeacher')}
          testId="subscription-form-teacher"
          value={v.teacher_id ?? null}
          person={teacher.person}
          loading={teacher.loading}
          scope={{ roleIds: ROLE_GROUPS.teaching }}
          error={error('teacher_id')}
          onPick={(person) => {
            teacher.remember(person);
            form.setValue('teacher_id', person.id);
          }}
          onClear={() => form.setValue('teacher_id', null)}
        />
        <PersonPickerField
          label={t('moneyForms.subscription.student')}
          placeholder={t('moneyForms.subscription.searchStudent')}
          testId="subscription-form-student"
          value={v.student_id ?? null}
          person={student.person}
          loading={student.loading}
          scope={{ roleIds: [ROLE.Student], withContracts: true }}
          // Part 2 §4: students without a contract are offered, disabled and tagged.
          refuse={(person) =>
            (person.contracts ?? []).length === 0 ? t('moneyForms.subscription.noContract') : undefined
          }
          error={error('student_id') ?? (contracts.length > 1 ? undefined : error('contract_id'))}
          disabled={editing}
          onPick={pickStudent}
          onClear={() => form.setValues({ student_id: null, contract_id: null })}
        />
      </div>
      {contracts.length > 1 ? (
        <FormGroup {...group('contract_id', t('moneyForms.subscription.contract'))}>
          <HTMLSelect
            id="subscription-form-contract_id"
            fill
            disabled={editing}
            value={v.contract_id === null ? '' : String(v.contract_id)}
            onChange={(event) => form.setValue('contract_id', Number(event.currentTarget.value))}
            data-testid="subscription-form-contract"
          >
            {contracts.map((contract) => (
              <option key={contract.id} value={String(contract.id)}>
                {t('moneyForms.subscription.contractOption', {
                  id: contract.id,
                  payer: contract.payer?.full_name ?? '',
                })}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
      ) : null}

      <div className="money-form__row">
        <FormGroup {...group('studies_template_type_id', t('moneyForms.subscription.type'))}>
          <HTMLSelect
            id="subscription-form-studies_template_type_id"
            fill
            value={v.studies_template_type_id === null ? '' : String(v.studies_template_type_id)}
            onChange={(event) =>
              form.setValue(
                'studies_template_type_id',
                event.currentTarget.value === '' ? null : Number(event.currentTarget.value),
              )
            }
            data-testid="subscription-form-type"
          >
            {[...(types.data ?? new Map<number, string>())].map(([typeId, name]) => (
              <option key={typeId} value={String(typeId)}>
                {name}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
        <DatePicker
          clearable
          name="subscription-form-studies_template_start_date"
          label={t('moneyForms.subscription.startDate')}
          value={v.studies_template_start_date ?? ''}
          error={error('studies_template_start_date')}
          onChange={(value) => form.setValue('studies_template_start_date', value)}
        />
      </div>

      <SubscriptionSlotsField
        slots={v.studies_template ?? []}
        error={form.errorOf('studies_template')}
        errorOf={form.errorOf}
        onChange={(slots) => form.setValue('studies_template', slots)}
      />

      <div className="money-form__row">
        <FormGroup {...group('studies_template_total_count', t('moneyForms.subscription.count'))}>
          <InputGroup
            id="subscription-form-studies_template_total_count"
            inputMode="numeric"
            value={v.studies_template_total_count ?? ''}
            onChange={(event: React.ChangeEvent<HTMLInputElement>) =>
              form.setValue('studies_template_total_count', event.currentTarget.value)
            }
            data-testid="subscription-form-count"
          />
        </FormGroup>
        <FormGroup {...group('studies_per_week', t('moneyForms.subscription.perWeek'))}>
          <InputGroup
            id="subscription-form-studies_per_week"
            inputMode="numeric"
            value={v.studies_per_week ?? ''}
            onChange={(event: React.ChangeEvent<HTMLInputElement>) =>
              form.setValue('studies_per_week', event.currentTarget.value)
            }
            data-testid="subscription-form-per-week"
          />
        </FormGroup>
        <FormGroup {...group('price_per_study', t('moneyForms.subscription.price'))}>
          <MoneyInput
            id="subscription-form-price_per_study"
            value={v.price_per_study ?? null}
            disabled={v.in_eur}
            invalid={Boolean(error('price_per_study'))}
            onChange={(value) => form.setValue('price_per_study', value)}
            testId="subscription-form-price"
          />
        </FormGroup>
      </div>

      <Switch
        checked={Boolean(v.in_eur)}
        label={t('moneyForms.subscription.inEur')}
        onChange={(event) => form.setValue('in_eur', event.currentTarget.checked)}
        data-testid="subscription-form-in-eur"
      />
      {v.in_eur ? (
        <EurPricing v={v} errorOf={error} rate={rate} setValues={(next) => form.setValues(next)} />
      ) : null}

      <Checkbox
        checked={Boolean(v.ignore_offperiods)}
        label={t('moneyForms.subscription.ignoreOffperiods')}
        onChange={(event) => form.setValue('ignore_offperiods', event.currentTarget.checked)}
        data-testid="subscription-form-ignore-offperiods"
      />
      <Checkbox
        checked={Boolean(v.create_group_studies)}
        label={t('moneyForms.subscription.groupStudies')}
        onChange={(event) => form.setValue('create_group_studies', event.currentTarget.checked)}
        data-testid="subscription-form-group-studies"
      />

      {form.formError ? (
        <Callout intent="danger" data-testid="subscription-form-error">
          {form.formError}
        </Callout>
      ) : null}

      <div className="money-form__actions">
        <AdminFormButtons name="subscription-form" form={form} onCancel={onCancel} />
      </div>
    </form>
  );
}

/**
 * The subscription form (spec part 2 §3 "Subscription form", §4, §5, §6, §9). A `?create&copy_of=<id>`
 * link (the table's prolong) starts from that package as part 2 §4 says: the day after its last
 * study, as many studies as it had, a EUR price at today's rate.
 */
export function SubscriptionForm(props: AdminFormProps) {
  const { client } = useApi();
  const copyOf =
    props.id === null && typeof props.presets?.copy_of === 'number' ? props.presets.copy_of : undefined;
  const source = useQuery({
    queryKey: [...moneyFormKeys.subscription(copyOf ?? 0), 'copy'],
    queryFn: ({ signal }) =>
      client
        .get<{ data: StoredSubscription }>(`/api/subscriptions/${copyOf}`, SUBSCRIPTION_FORM_QUERY, {
          signal,
        })
        .then((answer) => answer.data),
    enabled: copyOf !== undefined,
  });
  const rate = useEurRate(
    copyOf !== undefined && source.data?.eur_rate !== null && source.data?.eur_rate !== undefined,
  );
  const start = useMemo(() => {
    if (!source.data) return undefined;
    const copied = subscriptionValuesFromRow(source.data, 'add', DateTime.now());
    return prolongedValues(copied, rate.data ?? null);
  }, [source.data, rate.data]);
  const waiting =
    copyOf !== undefined && (source.isPending || (rate.fetchStatus === 'fetching' && !rate.data));
  if (waiting) {
    return (
      <div className="money-form__loading" data-testid="subscription-form-loading">
        <Spinner size={32} />
      </div>
    );
  }
  return <SubscriptionFormBody {...props} start={start} copyOf={source.data ? copyOf : undefined} />;
}
