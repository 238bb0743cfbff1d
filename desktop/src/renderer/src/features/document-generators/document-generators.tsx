import { Button, Callout, FormGroup, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SEX } from '@school/shared/domain';
import {
  uahField,
  useGeneratorForm,
  type GeneratorForm,
  type GeneratorValues,
} from '@school/shared/ui/analytics';
import { contractGeneratorSchema, invoiceGeneratorSchema } from '@school/shared/validation';
import { useServices } from '../../app/services-context';
import { DatePicker } from '../../kit/admin-widgets/date-input';
import { MoneyInput } from '../../kit/admin-widgets/money-input';
import { useGeneratorDownload } from './generator-download';
import './document-generators.css';

const INVOICE_FIELDS = [
  'contract_number',
  'contract_date',
  'invoice_number',
  'payer_fullname',
  'studies_count',
  'study_cost',
] as const;
const CONTRACT_FIELDS = [
  'contract_number',
  'customer_fullname',
  'student_name',
  'sex',
  'student_class',
  'studies_per_week',
  'study_cost',
  'studies_count',
] as const;
const EMPTY_INVOICE: GeneratorValues = {
  contract_number: '',
  contract_date: '',
  invoice_number: '',
  payer_fullname: '',
  studies_count: '',
  study_cost: null,
};
const EMPTY_CONTRACT: GeneratorValues = {
  contract_number: '',
  customer_fullname: '',
  student_name: '',
  sex: '',
  student_class: '',
  studies_per_week: '',
  study_cost: null,
  studies_count: '',
};
// The money input holds minor units; the generators take UAH (spec part 2 §7).
const withUah = (values: GeneratorValues): GeneratorValues => ({
  ...values,
  study_cost: uahField(values.study_cost),
});

/** The invoice and contract generators (spec part 2 §2 "Document generators"): forms that save a .docx. */
export function DocumentGenerators() {
  return (
    <div className="document-generators" data-testid="document-generators">
      <InvoiceGenerator />
      <ContractGenerator />
    </div>
  );
}

function InvoiceGenerator() {
  const { t } = useTranslation();
  const download = useGeneratorDownload();
  const [saved, setSaved] = useState<string | null>(null);
  const form = useGeneratorForm(
    invoiceGeneratorSchema,
    INVOICE_FIELDS,
    EMPTY_INVOICE,
    async (body) => setSaved(await download('/invoice', body, `${String(body.contract_number)}.docx`)),
    withUah,
  );
  const field = fieldOf(form, 'invoice-generator');
  return (
    <GeneratorCard
      name="invoice-generator"
      title={t('analyticsUi.generators.invoiceTitle')}
      form={form}
      saved={saved}
    >
      {field('contract_number', t('analyticsUi.generators.contractNumber'), { inputMode: 'numeric' })}
      <DatePicker
        name="invoice-generator-contract_date"
        label={t('analyticsUi.generators.contractDate')}
        value={String(form.values.contract_date ?? '')}
        error={form.errorOf('contract_date')}
        onChange={(value) => form.setValue('contract_date', value)}
      />
      {field('invoice_number', t('analyticsUi.generators.invoiceNumber'))}
      {field('payer_fullname', t('analyticsUi.generators.payerFullname'))}
      {field('studies_count', t('analyticsUi.generators.studiesCount'), { inputMode: 'numeric' })}
      <MoneyField form={form} name="invoice-generator" label={t('analyticsUi.generators.studyCost')} />
    </GeneratorCard>
  );
}

function ContractGenerator() {
  const { t } = useTranslation();
  const download = useGeneratorDownload();
  const [saved, setSaved] = useState<string | null>(null);
  const form = useGeneratorForm(
    contractGeneratorSchema,
    CONTRACT_FIELDS,
    EMPTY_CONTRACT,
    async (body) =>
      setSaved(
        await download(
          '/contract',
          body,
          t('documents.contract_file', { number: String(body.contract_number) }),
        ),
      ),
    withUah,
  );
  const field = fieldOf(form, 'contract-generator');
  const sexError = form.errorOf('sex');
  return (
    <GeneratorCard
      name="contract-generator"
      title={t('analyticsUi.generators.contractTitle')}
      form={form}
      saved={saved}
    >
      {field('contract_number', t('analyticsUi.generators.contractNumber'), { inputMode: 'numeric' })}
      {field('customer_fullname', t('analyticsUi.generators.customerFullname'))}
      {field('student_name', t('analyticsUi.generators.studentName'))}
      <FormGroup
        label={t('analyticsUi.generators.sex')}
        labelFor="contract-generator-sex"
        intent={sexError ? 'danger' : 'none'}
        helperText={errorText('contract-generator-sex', sexError)}
      >
        <HTMLSelect
          id="contract-generator-sex"
          data-testid="contract-generator-sex"
          fill
          value={String(form.values.sex ?? '')}
          onChange={(event) => form.setValue('sex', event.currentTarget.value)}
          options={[
            { value: '', label: t('analyticsUi.generators.chooseSex') },
            { value: String(SEX.Male), label: t('analyticsUi.generators.male') },
            { value: String(SEX.Female), label: t('analyticsUi.generators.female') },
          ]}
        />
      </FormGroup>
      {field('student_class', t('analyticsUi.generators.studentClass'), { inputMode: 'numeric' })}
      {field('studies_per_week', t('analyticsUi.generators.studiesPerWeek'), { inputMode: 'numeric' })}
      <MoneyField form={form} name="contract-generator" label={t('analyticsUi.generators.studyCost')} />
      {field('studies_count', t('analyticsUi.generators.studiesCount'), { inputMode: 'numeric' })}
    </GeneratorCard>
  );
}

const errorText = (id: string, error: string | undefined) =>
  error ? <span data-testid={`${id}-error`}>{error}</span> : undefined;

/** A labelled text input with its first message under it (spec part 2 §5); id and test id `<form>-<field>`. */
function fieldOf(form: GeneratorForm, prefix: string) {
  return function TextField(name: string, label: string, input: { inputMode?: 'numeric' } = {}) {
    const id = `${prefix}-${name}`;
    const error = form.errorOf(name);
    return (
      <FormGroup
        key={name}
        label={label}
        labelFor={id}
        intent={error ? 'danger' : 'none'}
        helperText={errorText(id, error)}
      >
        <InputGroup
          id={id}
          data-testid={id}
          inputMode={input.inputMode}
          intent={error ? 'danger' : 'none'}
          value={String(form.values[name] ?? '')}
          onValueChange={(value) => form.setValue(name, value)}
        />
      </FormGroup>
    );
  };
}

function MoneyField({ form, name, label }: { form: GeneratorForm; name: string; label: string }) {
  const id = `${name}-study_cost`;
  const error = form.errorOf('study_cost');
  return (
    <FormGroup
      label={label}
      labelFor={id}
      intent={error ? 'danger' : 'none'}
      helperText={errorText(id, error)}
    >
      <MoneyInput
        id={id}
        testId={id}
        value={(form.values.study_cost as number | null) ?? null}
        invalid={Boolean(error)}
        onChange={(value) => form.setValue('study_cost', value)}
      />
    </FormGroup>
  );
}

function GeneratorCard({
  name,
  title,
  form,
  saved,
  children,
}: {
  name: string;
  title: string;
  form: GeneratorForm;
  saved: string | null;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { native } = useServices();
  return (
    <form className="document-generator" data-testid={name} onSubmit={form.onSubmit} noValidate>
      <h2 className="analytics-table__title">{title}</h2>
      {children}
      {form.formError ? (
        <Callout intent="danger" data-testid={`${name}-error`}>
          {form.formError}
        </Callout>
      ) : null}
      <div className="document-generator__actions">
        <Button
          type="submit"
          intent="primary"
          icon="document"
          loading={form.submitting}
          text={t('analyticsUi.generators.generate')}
          data-testid={`${name}-submit`}
        />
        {saved && native.canShowInFolder ? (
          <Button
            variant="minimal"
            icon="folder-open"
            text={t('moneyForms.documents.showInFolder')}
            onClick={() => void native.showInFolder({ fileName: saved })}
            data-testid={`${name}-show-in-folder`}
          />
        ) : null}
      </div>
    </form>
  );
}
