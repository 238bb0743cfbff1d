import { asSubject } from '@school/shared/permissions';
import type { InvoiceChange, RealtimeNotification } from '../../platform/realtime/realtime.types.js';

export const INVOICE_CHANGES_CHANNEL = 'invoice_changes';

interface InvoiceNotice extends InvoiceChange {
  studentId: number | null;
}

const KINDS = new Set(['insert', 'update', 'delete', 'payment']);

function parse(payload: string): InvoiceNotice | null {
  try {
    const v = JSON.parse(payload) as Partial<InvoiceNotice>;
    if (
      typeof v.invoiceId !== 'number' ||
      typeof v.contractId !== 'number' ||
      typeof v.subscriptionId !== 'number'
    )
      return null;
    if (typeof v.kind !== 'string' || !KINDS.has(v.kind)) return null;
    return v as InvoiceNotice;
  } catch {
    return null;
  }
}

/**
 * `invoice_changes` (migration 033's trigger, and the payments' own notice when only an
 * invoice's payments changed) → `invoice:changed` to every socket whose session may read the
 * invoice: staff all, a parent their children's. Invoices change a few times a day per family,
 * so every socket is judged, without rooms to join.
 */
export const invoiceChangesNotification: RealtimeNotification = {
  channel: INVOICE_CHANGES_CHANNEL,
  deliver(io, payload) {
    const notice = parse(payload);
    if (!notice) return;
    const row = asSubject('invoice', { student_id: notice.studentId });
    const change: InvoiceChange = {
      invoiceId: notice.invoiceId,
      contractId: notice.contractId,
      subscriptionId: notice.subscriptionId,
      kind: notice.kind,
    };
    for (const socket of io.sockets.sockets.values()) {
      if (socket.data.auth?.ability.can('read', row)) socket.emit('invoice:changed', change);
    }
  },
};
