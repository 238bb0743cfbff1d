import type { ComponentType } from 'react';
import type { RouteParams } from '@school/shared/ui';
import { CONTRACTS_PAGE } from '../contracts/contract-form-route';
import { ContractsTablePage } from '../contracts/contracts-table-page';
import { INVOICES_PAGE } from '../invoices/invoice-form-route';
import { InvoicesTablePage } from '../invoices/invoices-table-page';
import { SUBSCRIPTIONS_PAGE } from '../subscriptions/subscription-form-route';
import { SubscriptionsTablePage } from '../subscriptions/subscriptions-table-page';
import { STUDIES_TABLE_PAGE, StudiesTablePage } from './studies-table-page';

/** The admin pages that have their table, by path (the others stay placeholders until theirs land). */
export const adminTablePages: Readonly<Record<string, ComponentType<{ params: RouteParams }>>> = {
  [STUDIES_TABLE_PAGE]: StudiesTablePage,
  [CONTRACTS_PAGE]: ContractsTablePage,
  [SUBSCRIPTIONS_PAGE]: SubscriptionsTablePage,
  [INVOICES_PAGE]: InvoicesTablePage,
};
