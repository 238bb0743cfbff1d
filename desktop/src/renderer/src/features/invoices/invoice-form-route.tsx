import { adminFormOverlay } from '../../kit/admin-forms/admin-form-route';
import type { AdminFormDefinition } from '../../kit/admin-forms/admin-form.types';
import { InvoiceForm } from './invoice-form';
import { ADMIN_PAGES } from '../../../../common/admin-pages';

export const INVOICES_PAGE = ADMIN_PAGES.invoices.path;

/** `/admin/invoices?create&…` and `?edit=<id>`: the invoice form over its page; contracts show invoices too. */
export const invoiceFormDefinition: AdminFormDefinition = {
  resource: 'invoices',
  pagePath: INVOICES_PAGE,
  Form: InvoiceForm,
  texts: {
    createTitle: 'moneyForms.invoice.createTitle',
    editTitle: 'moneyForms.invoice.editTitle',
    created: 'moneyForms.invoice.created',
    saved: 'moneyForms.invoice.saved',
  },
  invalidates: [
    ['resources', 'contracts'],
    ['resources', 'subscriptions'],
  ],
  className: 'money-form-dialog',
};

export const InvoiceFormRoute = adminFormOverlay(invoiceFormDefinition);
