import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useInvoiceChanges } from '@school/shared/ui/payments';
import { useAbility } from '../../app/ability-context';

/** What an invoice's paid state shows in: the money tables, the invoice form, the analytics. */
const FOLLOWERS = [
  ['resources', 'invoices'],
  ['resources', 'contracts'],
  ['resources', 'subscriptions'],
  ['analytics'],
];

/**
 * Keeps every open money view in step with invoices changed elsewhere (a parent's online payment,
 * a colleague's edit; issue 33 §4): one socket for the signed-in session while it may read
 * invoices; each `invoice:changed` refreshes the queries that show invoices (react-query refetches
 * only those on screen). Renders nothing.
 */
export function InvoicesLive() {
  const ability = useAbility();
  const queryClient = useQueryClient();
  const onChange = useCallback(() => {
    for (const queryKey of FOLLOWERS) void queryClient.invalidateQueries({ queryKey });
  }, [queryClient]);
  useInvoiceChanges(ability.can('read', 'invoice'), onChange);
  return null;
}
