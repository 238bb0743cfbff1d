import { Callout, FormGroup, HTMLSelect, Spinner } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ROLE } from '@school/shared/domain';
import { invoiceTemplatesOf } from '@school/shared/rules';
import { useApi, useResourceForm } from '@school/shared/ui';
import { useAbility } from '../../app/ability-context';
import { DatePicker } from '../../kit/admin-widgets/date-input';
import type { UserOption } from '../../kit/admin-widgets/user-search.api';
import { AdminFormButtons } from '../../kit/admin-forms/admin-form-buttons';
import type { AdminFormProps } from '../../kit/admin-forms/admin-form.types';
import {
  CONTRACT_FORM_EXTRA_FIELDS,
  contractFormBody,
  contractFormValues,
  contractPresetValues,
  contractTemplateChange,
  contractTemplateFacts,
  validateContractForm,
  type ContractCatalogue,
} from './contract-form.mapper';
import { DocumentDownloadButton } from './document-download';
import { DocumentFileField } from './document-file-field';
import {
  fetchContractTemplates,
  fetchDisciplines,
  fetchInvoiceTemplates,
  moneyFormKeys,
} from './money-forms.api';
import { PersonPickerField, usePerson } from './person-picker-field';
import './money-forms.css';

const CONTRACT_QUERY = { with: ['student', 'payer'] };
const optionalId = (text: string) => (text === '' ? null : Number(text));

/** The catalogue the contract form's rules read (templates, invoice templates, disciplines). */
export function useContractCatalogue() {
  const { client } = useApi();
  const contractTemplates = useQuery({
    queryKey: moneyFormKeys.contractTemplates,
    queryFn: () => fetchContractTemplates(client),
    staleTime: Infinity,
  });
  const invoiceTemplates = useQuery({
    queryKey: moneyFormKeys.invoiceTemplates,
    queryFn: () => fetchInvoiceTemplates(client),
    staleTime: Infinity,
    meta: { silent: true },
  });
  const disciplines = useQuery({
    queryKey: moneyFormKeys.disciplines,
    queryFn: () => fetchDisciplines(client),
    staleTime: Infinity,
  });
  const catalogue = useMemo<ContractCatalogue | null>(
    () =>
      contractTemplates.data
        ? { contractTemplates: contractTemplates.data, invoiceTemplates: invoiceTemplates.data ?? [] }
        : null,
    [contractTemplates.data, invoiceTemplates.data],
  );
  // An invoice template failure is only logged (part 2 §8): the form goes on without them.
  const ready = catalogue !== null && !invoiceTemplates.isPending;
  return { catalogue: ready ? catalogue : null, disciplines: disciplines.data ?? [] };
}

function ContractFormBody({
  id,
  presets,
  catalogue,
  disciplines,
  onSaved,
  onCancel,
  onDirtyChange,
}: AdminFormProps & { catalogue: ContractCatalogue; disciplines: Array<{ id: number; name?: string }> }) {
  const { t } = useTranslation();
  const ability = useAbility();
  const presetValues = useMemo(
    () => (id === null ? contractPresetValues(presets ?? {}, catalogue) : undefined),
    [id, presets, catalogue],
  );
  const form = useResourceForm('contracts', id, {
    query: CONTRACT_QUERY,
    presets: presetValues,
    extraFields: CONTRACT_FORM_EXTRA_FIELDS,
    fromRow: contractFormValues,
    toBody: (values) => contractFormBody(values, catalogue),
    validate: (values) => validateContractForm(values, catalogue),
    ownSchemaOnly: true,
    updateMethod: 'post',
    onSaved: (row) => onSaved(row, id === null ? 'create' : 'update'),
  });
  const v = form.values;
  const stored = form.stored as
    { student?: UserOption; payer?: UserOption; document_name?: string | null } | undefined;
  const student = usePerson(v.student_id ?? null, {}, stored?.student);
  const payer = usePerson(v.payer_id ?? null, {}, stored?.payer);
  useEffect(() => onDirtyChange?.(form.dirty), [form.dirty, onDirtyChange]);

  const allowed = id === null ? ability.can('create', 'contract') : ability.can('update', 'contract');
  if (!allowed) {
    return (
      <Callout intent="warning" data-testid="contract-form-forbidden">
        {t('errors.forbidden')}
      </Callout>
    );
  }
  if (form.loading) {
    return (
      <div className="money-form__loading" data-testid="contract-form-loading">
        <Spinner size={32} />
      </div>
    );
  }
  if (form.loadError) {
    return (
      <Callout intent="warning" data-testid="contract-form-not-found">
        {t('calendarUi.modal.notFound')}
      </Callout>
    );
  }

  const facts = contractTemplateFacts(v.template_id ?? null, catalogue);
  const invoiceTemplates = invoiceTemplatesOf(catalogue.invoiceTemplates, v.template_id ?? null);
  const error = (field: string) => form.errorOf(field);
  const selectGroup = (field: string, label: string) => ({
    label,
    labelFor: `contract-form-${field}`,
    intent: error(field) ? ('danger' as const) : ('none' as const),
    helperText: error(field) ? (
      <span data-testid={`contract-form-${field}-error`}>{error(field)}</span>
    ) : undefined,
  });

  return (
    <form
      className="money-form"
      onSubmit={form.onSubmit}
      noValidate
      data-testid="contract-form"
      data-mode={form.mode}
    >
      <div className="money-form__row">
        <PersonPickerField
          label={t('moneyForms.contract.student')}
          placeholder={t('moneyForms.contract.searchStudent')}
          testId="contract-form-student"
          value={v.student_id ?? null}
          person={student.person}
          loading={student.loading}
          scope={{ roleIds: [ROLE.Student] }}
          error={error('student_id')}
          onPick={(person) => {
            student.remember(person);
            form.setValue('student_id', person.id);
          }}
          onClear={() => form.setValue('student_id', null)}
        />
        <PersonPickerField
          label={t('moneyForms.contract.payer')}
          placeholder={t('moneyForms.contract.searchPayer')}
          testId="contract-form-payer"
          value={v.payer_id ?? null}
          person={payer.person}
          loading={payer.loading}
          scope={{}}
          error={error('payer_id')}
          onPick={(person) => {
            payer.remember(person);
            form.setValue('payer_id', person.id);
          }}
          onClear={() => form.setValue('payer_id', null)}
        />
      </div>

      <div className="money-form__row">
        <FormGroup {...selectGroup('template_id', t('moneyForms.contract.template'))}>
          <HTMLSelect
            id="contract-form-template_id"
            fill
            value={v.template_id === null ? '' : String(v.template_id)}
            onChange={(event) =>
              form.setValues(contractTemplateChange(optionalId(event.currentTarget.value), catalogue))
            }
            data-testid="contract-form-template"
          >
            <option value="">{t('moneyForms.contract.noTemplate')}</option>
            {catalogue.contractTemplates.map((template) => (
              <option key={template.id} value={String(template.id)}>
                {template.name}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
        <FormGroup {...selectGroup('discipline_id', t('moneyForms.contract.discipline'))}>
          <HTMLSelect
            id="contract-form-discipline_id"
            fill
            value={v.discipline_id === null ? '' : String(v.discipline_id)}
            onChange={(event) => form.setValue('discipline_id', optionalId(event.currentTarget.value))}
            data-testid="contract-form-discipline"
          >
            <option value="">{t('moneyForms.contract.noDiscipline')}</option>
            {disciplines.map((discipline) => (
              <option key={discipline.id} value={String(discipline.id)}>
                {discipline.name ?? `#${discipline.id}`}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
      </div>

      <div className="money-form__row">
        {facts.hasUrl ? (
          <Callout compact className="money-form__note" data-testid="contract-form-offer">
            {t('moneyForms.contract.offerNoEnd')}
          </Callout>
        ) : (
          <DatePicker
            clearable
            name="contract-form-end_at"
            label={t('moneyForms.contract.endAt')}
            value={v.end_at ?? ''}
            error={error('end_at')}
            onChange={(value) => form.setValue('end_at', value)}
          />
        )}
        <FormGroup {...selectGroup('invoice_template_id', t('moneyForms.contract.invoiceTemplate'))}>
          <HTMLSelect
            id="contract-form-invoice_template_id"
            fill
            value={v.invoice_template_id === null ? '' : String(v.invoice_template_id)}
            disabled={invoiceTemplates.length === 0 && v.invoice_template_id === null}
            onChange={(event) => form.setValue('invoice_template_id', optionalId(event.currentTarget.value))}
            data-testid="contract-form-invoice-template"
          >
            <option value="">
              {invoiceTemplates.length === 0
                ? t('moneyForms.contract.noInvoiceTemplates')
                : t('moneyForms.contract.chooseInvoiceTemplate')}
            </option>
            {v.invoice_template_id !== null &&
            !invoiceTemplates.some((row) => row.id === v.invoice_template_id) ? (
              <option value={String(v.invoice_template_id)}>
                {catalogue.invoiceTemplates.find((row) => row.id === v.invoice_template_id)?.name ??
                  `#${v.invoice_template_id}`}
              </option>
            ) : null}
            {invoiceTemplates.map((template) => (
              <option key={template.id} value={String(template.id)}>
                {[template.name, template.entity].filter(Boolean).join(' · ')}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
      </div>

      <DocumentFileField
        label={t('moneyForms.contract.document')}
        value={v.document_file ?? null}
        storedName={stored?.document_name ?? null}
        storedPath={id !== null ? `/api/contracts/${id}/document` : null}
        error={error('document_file')}
        testId="contract-form-document"
        onChange={(file) => form.setValue('document_file', file)}
      />

      {form.formError ? (
        <Callout intent="danger" data-testid="contract-form-error">
          {form.formError}
        </Callout>
      ) : null}

      <div className="money-form__actions">
        {id !== null ? (
          <DocumentDownloadButton
            path={`/api/contracts/${id}/download`}
            fallbackName={t('documents.contract_file', { number: id })}
            testId="contract-form-download"
            text={t('moneyForms.documents.download')}
            variant="minimal"
          />
        ) : null}
        <AdminFormButtons name="contract-form" form={form} onCancel={onCancel} />
      </div>
    </form>
  );
}

/**
 * The contract form (spec part 2 §3 "Contract form", §4, §5): student, payer, template (its
 * invoice templates, the end date hidden for a public offer), discipline, the signed document.
 * Create: POST api/contracts; edit: POST api/contracts/{id} with _method=patch (multipart with a file).
 */
export function ContractForm(props: AdminFormProps) {
  const { catalogue, disciplines } = useContractCatalogue();
  if (!catalogue) {
    return (
      <div className="money-form__loading" data-testid="contract-form-loading">
        <Spinner size={32} />
      </div>
    );
  }
  return <ContractFormBody {...props} catalogue={catalogue} disciplines={disciplines} />;
}
