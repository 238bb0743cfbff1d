const pad2 = (value: number) => String(value).padStart(2, '0');

/**
 * Invoice number: the invoice's 1-based position by creation within its contract, a dash,
 * then the contract id, each padded to 2 digits (3rd invoice of contract 12 → '03-12').
 */
export function invoiceNumber(position: number, contractId: number): string {
  return `${pad2(position)}-${pad2(contractId)}`;
}

export interface InvoiceOrderKey {
  id: number;
  created_at: string;
}

/** 1-based position of an invoice among its contract's invoices: by creation, ties by id. */
export function invoicePosition(contractInvoices: readonly InvoiceOrderKey[], invoiceId: number): number {
  const ordered = [...contractInvoices].sort(
    (a, b) => Date.parse(a.created_at) - Date.parse(b.created_at) || a.id - b.id,
  );
  const index = ordered.findIndex((invoice) => invoice.id === invoiceId);
  return index === -1 ? 0 : index + 1;
}
