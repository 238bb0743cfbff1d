import { useEffect, useMemo, useState } from 'react';
import { useApi, useAuth } from '@school/shared/ui';
import { rulesAllow } from './payments-access';
import { fetchStudentsMayPay } from './students-may-pay';

/**
 * Who sees the Payments page (issue 33), from abilities, never role ids: whoever reads invoices (a
 * parent: their children's); whoever may pay only under a condition the school sets (a student:
 * `create payment` with `students_may_pay`) when the school's switch is on. 'checking' while that
 * switch is being read.
 */
export type PaymentsAccess = 'yes' | 'no' | 'checking';

/**
 * The access and whose invoices the page shows: a reader of invoices sees their children's
 * (`forChildren`: each card names the child), a student allowed to pay their own. The page asks
 * this rather than the auth context itself: the tab bar already carries it (bundle budget).
 */
export function usePaymentsViewer(): { access: PaymentsAccess; forChildren: boolean } {
  const { user } = useAuth();
  const { client } = useApi();
  const { readsInvoices, paysIfAllowed } = useMemo(() => {
    const rules = user?.abilities ?? [];
    const reads = rulesAllow(rules, 'read', 'invoice');
    return { readsInvoices: reads, paysIfAllowed: !reads && rulesAllow(rules, 'create', 'payment') };
  }, [user]);
  const [allowed, setAllowed] = useState<boolean | null>(null);

  useEffect(() => {
    if (!paysIfAllowed) return;
    const controller = new AbortController();
    fetchStudentsMayPay(client, controller.signal).then(
      (value) => setAllowed(value),
      () => {
        if (!controller.signal.aborted) setAllowed(false);
      },
    );
    return () => controller.abort();
  }, [client, paysIfAllowed]);

  if (readsInvoices) return { access: 'yes', forChildren: true };
  if (!paysIfAllowed) return { access: 'no', forChildren: false };
  return { access: allowed === null ? 'checking' : allowed ? 'yes' : 'no', forChildren: false };
}
