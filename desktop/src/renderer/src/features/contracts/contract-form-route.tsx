import { adminFormOverlay } from '../admin-forms/admin-form-route';
import type { AdminFormDefinition } from '../admin-forms/admin-form.types';
import { ContractForm } from './contract-form';

export const CONTRACTS_PAGE = '/admin/contracts';

/** `/admin/contracts?create&…` and `?edit=<id>`: the contract form over its page. */
export const contractFormDefinition: AdminFormDefinition = {
  resource: 'contracts',
  pagePath: CONTRACTS_PAGE,
  Form: ContractForm,
  texts: {
    createTitle: 'moneyForms.contract.createTitle',
    editTitle: 'moneyForms.contract.editTitle',
    created: 'moneyForms.contract.created',
    saved: 'moneyForms.contract.saved',
  },
  className: 'money-form-dialog',
};

export const ContractFormRoute = adminFormOverlay(contractFormDefinition);
