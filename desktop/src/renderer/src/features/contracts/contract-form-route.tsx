import { adminFormOverlay } from '../../kit/admin-forms/admin-form-route';
import type { AdminFormDefinition } from '../../kit/admin-forms/admin-form.types';
import { ContractForm } from './contract-form';
import { ADMIN_PAGES } from '../../../../common/admin-pages';

export const CONTRACTS_PAGE = ADMIN_PAGES.contracts.path;

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
