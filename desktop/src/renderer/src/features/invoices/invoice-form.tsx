import { Callout, FormGroup, HTMLSelect, Spinner } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiClient } from '@school/shared/api';
import { formatMoney, invoiceTemplateChoices } from '@school/shared/rules';
import { useApi, useResourceForm } from '@school/shared/ui';
import { useAbility } from '../../app/ability-context';
import { DatePicker } from '../../kit/admin-widgets/date-input';
import { MoneyInput } from '../../kit/admin-widgets/money-input';
import { PickedValue, SearchPicker } from '../../kit/admin-widgets/searchable-multiselect';
import { AdminFormButtons } from '../../kit/admin-forms/admin-form-buttons';
import type { AdminFormProps } from '../../kit/admin-forms/admin-form.types';
import { DocumentDownloadButton, invoiceFallbackName } from '../contracts/document-download';
import { DocumentFileField } from '../contracts/document-file-field';
import { fetchInvoiceTemplates, moneyFormKeys } from '../contracts/money-forms.api';
import '../contracts/money-forms.css';
import { InvoicePayments } from './invoice-payments';
import {
  INVOICE_FORM_EXTRA_FIELDS,
  invoiceFormBody,
  invoiceFormValues,
  invoicePresetValues,
  invoiceSubscriptionChoice,
  invoiceTemplateEditable,
  validateInvoiceForm,
  type InvoiceSubscription,
} from './invoice-form.mapper';

const SUBSCRIPTION_COLUMNS = ['id', 'contract_id', 'price_per_study', 'studies_count', 'created_at'];
const SUBSCRIPTION_RELATIONS = [
  'contract.student:id,full_name',
  'contract.payer:id,full_name',
  'contract.invoicetemplate',
];
const SEARCH_LIMIT = 15;

/** Unpaid packages whose payer's name starts with the text (`withHaving[contract.payer.full_name]=text%`), or the package of that number (part 2 §2). */
async function searchUnpaidSubscriptions(
  client: ApiClient,
  text: string,
  signal?: AbortSignal,
): Promise<InvoiceSubscription[]> {
  const byId = /^\d+$/.test(text);
  const answer = await client.get<{ data: InvoiceSubscription[] }>(
    '/api/subscriptions',
    {
      filter: byId ? { unpaid: 1, id: Number(text) } : { unpaid: 1 },
      withHaving: byId ? undefined : { 'contract.payer.full_name': `${text}%` },
      select: SUBSCRIPTION_COLUMNS,
      with: SUBSCRIPTION_RELATIONS,
      sort: ['-id'],
      page: 1,
      perpage: SEARCH_LIMIT,
    },
    { signal },
  );
  return answer.data;
}

async function fetchSubscription(
  client: ApiClient,
  id: number,
  signal?: AbortSignal,
): Promise<InvoiceSubscription | null> {
  const answer = await client.get<{ data: InvoiceSubscription[] }>(
    '/api/subscriptions',
    { filter: { id }, select: SUBSCRIPTION_COLUMNS, with: SUBSCRIPTION_RELATIONS },
    { signal },
  );
  return answer.data[0] ?? null;
}

function useSubscription(id: number | null) {
  const { client } = useApi();
  const [picked, setPicked] = useState<InvoiceSubscription | null>(null);
  const own = picked?.id === id ? picked : null;
  const looked = useQuery({
    queryKey: moneyFormKeys.subscription(id ?? 0),
    queryFn: ({ signal }) => fetchSubscription(client, id!, signal),
    enabled: id !== null && own === null,
  });
  return {
    subscription: own ?? looked.data ?? null,
    loading: id !== null && own === null && looked.isPending,
    remember: setPicked,
  };
}

const INVOICE_QUERY = {};

/**
 * The invoice form (spec part 2 §2 "Invoice form", §4, §5): an unpaid package (its studies count
 * and price per study shown), the amount in UAH, the pay date, the template (or the contract's
 * entity and bank), an attachment. Create: POST api/invoices; edit: POST api/invoices/{id} with
 * _method=patch (multipart with a file).
 */
export function InvoiceForm({ id, presets, onSaved, onCancel, onDirtyChange }: AdminFormProps) {
  const { t, i18n } = useTranslation();
  const { client } = useApi();
  const ability = useAbility();
  const presetValues = id === null && presets ? invoicePresetValues(presets) : undefined;
  const form = useResourceForm('invoices', id, {
    query: INVOICE_QUERY,
    presets: presetValues,
    extraFields: INVOICE_FORM_EXTRA_FIELDS,
    fromRow: invoiceFormValues,
    toBody: invoiceFormBody,
    validate: (values) => validateInvoiceForm(values),
    ownSchemaOnly: true,
    updateMethod: 'post',
    onSaved: (row) => onSaved(row, id === null ? 'create' : 'update'),
  });
  const v = form.values;
  const stored = form.stored as { attachment_name?: string | null; number?: string | null } | undefined;
  const chosen = useSubscription(v.subscription_id ?? null);
  const templates = useQuery({
    queryKey: moneyFormKeys.invoiceTemplates,
    queryFn: () => fetchInvoiceTemplates(client),
    staleTime: Infinity,
    meta: { silent: true },
  });
  useEffect(() => onDirtyChange?.(form.dirty), [form.dirty, onDirtyChange]);

  const allowed = id === null ? ability.can('create', 'invoice') : ability.can('update', 'invoice');
  if (!allowed) {
    return (
      <Callout intent="warning" data-testid="invoice-form-forbidden">
        {t('errors.forbidden')}
      </Callout>
    );
  }
  if (form.loading) {
    return (
      <div className="money-form__loading" data-testid="invoice-form-loading">
        <Spinner size={32} />
      </div>
    );
  }
  if (form.loadError) {
    return (
      <Callout intent="warning" data-testid="invoice-form-not-found">
        {t('calendarUi.modal.notFound')}
      </Callout>
    );
  }

  const error = form.errorOf;
  const group = (field: string, label: string) => ({
    label,
    labelFor: `invoice-form-${field}`,
    intent: error(field) ? ('danger' as const) : ('none' as const),
    helperText: error(field) ? (
      <span data-testid={`invoice-form-${field}-error`}>{error(field)}</span>
    ) : undefined,
  });
  const subscription = chosen.subscription;
  const contract = subscription?.contract;
  const subscriptionText = (row: InvoiceSubscription) =>
    t('moneyForms.invoice.subscriptionOption', {
      id: row.id,
      student: row.contract?.student?.full_name ?? '',
      payer: row.contract?.payer?.full_name ?? '',
    });
  const editableTemplate = invoiceTemplateEditable(subscription);
  const choices = invoiceTemplateChoices(templates.data ?? []);

  return (
    <form
      className="money-form"
      onSubmit={form.onSubmit}
      noValidate
      data-testid="invoice-form"
      data-mode={form.mode}
    >
      <FormGroup
        {...group('subscription_id', t('moneyForms.invoice.subscription'))}
        labelFor="invoice-form-subscription-search"
      >
        {v.subscription_id !== null ? (
          <PickedValue
            name="invoice-form-subscription"
            clearLabel={t('moneyForms.clear')}
            onClear={() => form.setValue('subscription_id', null)}
          >
            {subscription ? (
              subscriptionText(subscription)
            ) : chosen.loading ? (
              <Spinner size={14} />
            ) : (
              `№${v.subscription_id}`
            )}
          </PickedValue>
        ) : (
          <SearchPicker
            name="invoice-form-subscription"
            placeholder={t('moneyForms.invoice.searchSubscription')}
            queryKey={moneyFormKeys.unpaidSubscriptions}
            search={(text, signal) => searchUnpaidSubscriptions(client, text, signal)}
            option={(row) => ({
              text: subscriptionText(row),
              label: formatMoney(row.price_per_study ?? 0, i18n.language),
            })}
            invalid={Boolean(error('subscription_id'))}
            onPick={(row) => {
              chosen.remember(row);
              form.setValues(invoiceSubscriptionChoice(row, v.template_id ?? null));
            }}
          />
        )}
      </FormGroup>
      {subscription ? (
        <p className="money-form__readonly" data-testid="invoice-form-subscription-facts">
          <span>
            {t('moneyForms.invoice.studiesCount')}:{' '}
            <strong data-testid="invoice-form-studies-count">{subscription.studies_count ?? 0}</strong>
          </span>
          <span>
            {t('moneyForms.invoice.pricePerStudy')}:{' '}
            <strong data-testid="invoice-form-price-per-study">
              {formatMoney(subscription.price_per_study ?? 0, i18n.language)}
            </strong>
          </span>
        </p>
      ) : null}

      <div className="money-form__row">
        <FormGroup {...group('amount', t('moneyForms.invoice.amount'))}>
          <MoneyInput
            id="invoice-form-amount"
            value={v.amount ?? null}
            invalid={Boolean(error('amount'))}
            onChange={(value) => form.setValue('amount', value)}
            testId="invoice-form-amount"
          />
        </FormGroup>
        <DatePicker
          clearable
          name="invoice-form-payed_at"
          label={t('moneyForms.invoice.payedAt')}
          value={v.payed_at ?? ''}
          error={error('payed_at')}
          onChange={(value) => form.setValue('payed_at', value)}
        />
      </div>

      {editableTemplate ? (
        <FormGroup {...group('template_id', t('moneyForms.invoice.template'))}>
          <HTMLSelect
            id="invoice-form-template_id"
            fill
            value={v.template_id === null ? '' : String(v.template_id)}
            onChange={(event) =>
              form.setValue(
                'template_id',
                event.currentTarget.value === '' ? null : Number(event.currentTarget.value),
              )
            }
            data-testid="invoice-form-template"
          >
            <option value="">—</option>
            {v.template_id !== null && !choices.some((row) => row.id === v.template_id) ? (
              <option value={String(v.template_id)}>
                {templates.data?.find((row) => row.id === v.template_id)?.name ?? `#${v.template_id}`}
              </option>
            ) : null}
            {choices.map((template) => (
              <option key={template.id} value={String(template.id)}>
                {[template.name, template.entity].filter(Boolean).join(' · ')}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
      ) : (
        <p className="money-form__readonly" data-testid="invoice-form-entity">
          <span>
            {t('moneyForms.invoice.entity')}:{' '}
            <strong>{contract?.invoicetemplate?.entity ?? contract?.invoicetemplate?.name ?? '—'}</strong>
          </span>
          <span>
            {t('moneyForms.invoice.bank')}: <strong>{contract?.invoicetemplate?.bank ?? '—'}</strong>
          </span>
        </p>
      )}

      <DocumentFileField
        label={t('moneyForms.invoice.attachment')}
        value={v.document_file ?? null}
        storedName={stored?.attachment_name ?? null}
        storedPath={id !== null ? `/api/invoices/${id}/attachment` : null}
        error={error('document_file')}
        testId="invoice-form-attachment"
        onChange={(file) => form.setValue('document_file', file)}
      />

      {id !== null ? <InvoicePayments invoiceId={id} /> : null}

      {form.formError ? (
        <Callout intent="danger" data-testid="invoice-form-error">
          {form.formError}
        </Callout>
      ) : null}

      <div className="money-form__actions">
        {id !== null ? (
          <DocumentDownloadButton
            path={`/api/invoices/${id}/download`}
            fallbackName={invoiceFallbackName(id)}
            testId="invoice-form-download"
            text={t('moneyForms.documents.download')}
            variant="minimal"
          />
        ) : null}
        <AdminFormButtons name="invoice-form" form={form} onCancel={onCancel} />
      </div>
    </form>
  );
}
