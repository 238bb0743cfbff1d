import { col, listCol, numbered, pick } from './export-values';
import type { TableExport } from './table-export.types';

/** The contracts table: author, student, payer, subscriptions, dates, template. */
export const contractsExport: TableExport = {
  resource: 'contracts',
  fileStem: 'contracts',
  title: 'titles.contracts',
  columns: [
    col('id', 'moneyForms.tables.number', 'int', 'id'),
    col('created_by', 'moneyForms.tables.createdBy', 'text', 'created_by.full_name'),
    col('student', 'moneyForms.tables.student', 'text', 'student.full_name'),
    col('payer', 'moneyForms.tables.payer', 'text', 'payer.full_name'),
    listCol('subscriptions', 'moneyForms.tables.subscriptions', 'subscriptions', 'id', (s) => numbered(s.id)),
    col('created_at', 'moneyForms.tables.created', 'date', 'created_at'),
    col('end_at', 'moneyForms.tables.endAt', 'date', 'end_at'),
    col('template', 'moneyForms.tables.template', 'text', 'template.name'),
  ],
};

/** The subscriptions table: number, author, contract, student, payer, type, price, paid, created. */
export const subscriptionsExport: TableExport = {
  resource: 'subscriptions',
  fileStem: 'subscriptions',
  title: 'titles.subscriptions',
  select: [
    'id',
    'contract_id',
    'studies_template_type_id',
    'price_per_study',
    'created_by',
    'created_at',
    'invoices_payed_amount',
  ],
  columns: [
    col('id', 'moneyForms.tables.number', 'int', 'id'),
    col('created_by', 'moneyForms.tables.createdBy', 'text', 'created_by.full_name'),
    col('contract', 'moneyForms.tables.contract', 'int', 'contract_id'),
    col('student', 'moneyForms.tables.student', 'text', 'contract.student.full_name'),
    col('payer', 'moneyForms.tables.payer', 'text', 'contract.payer.full_name'),
    col('type', 'moneyForms.tables.type', 'text', 'type.name'),
    col('price', 'moneyForms.tables.pricePerStudy', 'money', 'price_per_study'),
    {
      key: 'paid',
      label: 'moneyForms.tables.paid',
      kind: 'money',
      value: (row) => Number(pick(row, 'invoices_payed_amount') ?? 0),
    },
    col('created_at', 'moneyForms.tables.created', 'date', 'created_at'),
  ],
};

/** The invoices table: author, subscription, number, payer, entity, bank, amount, paid on. */
export const invoicesExport: TableExport = {
  resource: 'invoices',
  fileStem: 'invoices',
  title: 'titles.invoices',
  columns: [
    col('created_by', 'moneyForms.tables.createdBy', 'text', 'created_by.full_name'),
    col('subscription', 'moneyForms.tables.subscription', 'int', 'subscription_id'),
    col('number', 'moneyForms.tables.invoiceNumber', 'text', 'number'),
    col('payer', 'moneyForms.tables.payer', 'text', 'contract.payer.full_name'),
    col('entity', 'moneyForms.tables.entity', 'text', 'invoicetemplate.entity'),
    col('bank', 'moneyForms.tables.bank', 'text', 'invoicetemplate.bank'),
    col('amount', 'moneyForms.tables.amount', 'money', 'amount'),
    col('payed_at', 'moneyForms.tables.payedAt', 'date', 'payed_at'),
  ],
};

/** The payments table: created, invoice, student, method, amount, status, settled. */
export const paymentsExport: TableExport = {
  resource: 'payments',
  fileStem: 'payments',
  title: 'titles.payments',
  columns: [
    col('created_at', 'paymentsUi.admin.columns.created', 'datetime', 'created_at'),
    col('invoice', 'paymentsUi.admin.columns.invoice', 'text', 'invoice_number'),
    col('student', 'paymentsUi.admin.columns.student', 'text', 'student_name'),
    {
      key: 'provider',
      label: 'paymentsUi.staff.provider',
      kind: 'label',
      value: (row) => `paymentsUi.providers.${String(row.provider)}`,
    },
    col('amount', 'paymentsUi.staff.amount', 'money', 'amount'),
    {
      key: 'status',
      label: 'paymentsUi.staff.status',
      kind: 'label',
      value: (row) => `paymentsUi.statuses.${String(row.status)}`,
    },
    {
      key: 'settled',
      label: 'paymentsUi.admin.columns.settled',
      kind: 'datetime',
      value: (row) => row.refunded_at ?? row.paid_at,
    },
  ],
};
