import { amountInWordsUk, capitalizeFirst } from '@school/shared/rules';
import { centredLine, clause, renderDocx, spacer, table, title, type Block } from './docx-layout.js';
import { documentAmount, documentDate, documentT, type DocumentLanguage } from './document-format.js';

export interface InvoiceLine {
  quantity: number;
  /** Kopiykas, one study. */
  price: number;
  /** Kopiykas: the invoice's amount, which is what is owed even when it is not quantity × price. */
  sum: number;
}

export interface InvoiceDocumentData {
  lang: DocumentLanguage;
  number: string;
  date: Date | string;
  contractNumber: string;
  contractDate: Date | string;
  payee: { entity: string; bank: string | null };
  payer: { fullName: string; phone?: string | null; email?: string | null };
  line: InvoiceLine;
}

export function invoiceTotal(line: InvoiceLine): number {
  return line.sum;
}

/** The invoice a school sends: payee and bank, payer, basis, the studies line, total in figures and words. */
export async function buildInvoiceDocx(data: InvoiceDocumentData): Promise<Buffer> {
  const t = documentT(data.lang);
  const i = (key: string, params: Record<string, unknown> = {}) => t(`documents.invoice.${key}`, params);
  const total = invoiceTotal(data.line);
  const blocks: Block[] = [
    table(
      [
        [
          { text: i('payee'), bold: true, width: 25 },
          { text: data.payee.entity, width: 75 },
        ],
        ...(data.payee.bank ? [[{ text: i('bank'), bold: true }, { text: data.payee.bank }]] : []),
        [
          { text: i('payer'), bold: true },
          { text: [data.payer.fullName, data.payer.phone, data.payer.email].filter(Boolean).join(', ') },
        ],
      ],
      { bordered: false },
    ),
    spacer(),
    title(i('title', { number: data.number })),
    centredLine(i('date', { date: documentDate(data.date) })),
    clause(i('basis', { contract: data.contractNumber, date: documentDate(data.contractDate) }), {
      align: 'left',
    }),
    table([
      [
        { text: i('col_no'), bold: true, align: 'center', width: 6 },
        { text: i('col_item'), bold: true, align: 'center', width: 48 },
        { text: i('col_qty'), bold: true, align: 'center', width: 14 },
        { text: i('col_price'), bold: true, align: 'center', width: 16 },
        { text: i('col_sum'), bold: true, align: 'center', width: 16 },
      ],
      [
        { text: '1', align: 'center' },
        { text: i('item', { contract: data.contractNumber }) },
        { text: String(data.line.quantity), align: 'center' },
        { text: documentAmount(data.line.price), align: 'right' },
        { text: documentAmount(total), align: 'right' },
      ],
    ]),
    spacer(),
    clause(i('total', { total: documentAmount(total) }), { bold: true, align: 'right' }),
    clause(i('no_vat'), { align: 'right' }),
    clause(i('total_words', { words: capitalizeFirst(amountInWordsUk(total)) }), { align: 'left' }),
    spacer(),
    clause(i('signature'), { align: 'left' }),
  ];
  return renderDocx(blocks, {
    title: i('title', { number: data.number }),
    language: data.lang === 'ru' ? 'ru-RU' : 'uk-UA',
  });
}

/** The text a payment-instructions-only template answers: the family pastes it into their bank app. */
export function invoiceInstructionsText(data: InvoiceDocumentData): string {
  const t = documentT(data.lang);
  const total = invoiceTotal(data.line);
  return `${t('documents.invoice.instructions', {
    payee: data.payee.entity,
    number: data.number,
    contract: data.contractNumber,
    payer: data.payer.fullName,
    total: documentAmount(total),
    words: amountInWordsUk(total),
  })}\n`;
}
