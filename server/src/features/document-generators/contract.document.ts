import { amountInWordsUk, pluralUk } from '@school/shared/rules';
import { SEX } from '@school/shared/domain';
import {
  clause,
  heading,
  renderDocx,
  rightLine,
  spacer,
  subtitle,
  table,
  title,
  type Block,
} from './docx-layout.js';
import { documentAmount, documentDate, documentT, type DocumentLanguage } from './document-format.js';

export interface ContractDocumentData {
  lang: DocumentLanguage;
  number: string;
  /** Signing date (ISO). */
  date: Date | string;
  endAt: Date | string | null;
  /** A public-offer template's address: the document is then an application to join the offer. */
  offerUrl: string | null;
  executor: { entity: string; bank: string | null };
  customer: { fullName: string; phone?: string | null; email?: string | null };
  student: { fullName: string; studentClass?: number | null; sex?: number | null };
  discipline: string | null;
  studiesCount: number | null;
  studiesPerWeek: number | null;
  /** Kopiykas. */
  pricePerStudy: number | null;
}

const LESSONS_UK = ['заняття', 'заняття', 'занять'] as const;

function requisites(lines: (string | null | undefined | false)[]): string[] {
  return lines.filter((line): line is string => typeof line === 'string' && line.trim() !== '');
}

/** The contract a school sends: parties, subject, price and payment, term, requisites and signatures. */
export async function buildContractDocx(data: ContractDocumentData): Promise<Buffer> {
  const t = documentT(data.lang);
  const c = (key: string, params: Record<string, unknown> = {}) => t(`documents.contract.${key}`, params);
  const executor = data.executor.entity;
  const customer = data.customer.fullName;
  const pupil =
    data.student.sex === SEX.Male
      ? c('pupil_male')
      : data.student.sex === SEX.Female
        ? c('pupil_female')
        : c('pupil_any');
  const classPart = data.student.studentClass ? c('class_part', { class: data.student.studentClass }) : '';
  const blocks: Block[] = [];

  if (data.offerUrl) {
    blocks.push(title(c('offer_title', { number: data.number })), subtitle(c('offer_subtitle')));
    blocks.push(rightLine(c('city_date', { date: documentDate(data.date) })));
    blocks.push(clause(c('offer_text', { customer, executor, url: data.offerUrl })));
  } else {
    blocks.push(title(c('title', { number: data.number })), subtitle(c('subtitle')));
    blocks.push(rightLine(c('city_date', { date: documentDate(data.date) })));
    blocks.push(clause(c('preamble', { executor, customer })));
  }

  blocks.push(heading(c('subject_heading')));
  const subject = { discipline: data.discipline, pupil, student: data.student.fullName, classPart };
  blocks.push(clause(data.discipline ? c('subject', subject) : c('subject_general', subject)));
  if (data.studiesCount && data.studiesPerWeek) {
    const perWeek =
      `${data.studiesPerWeek} ${data.lang === 'uk' ? pluralUk(data.studiesPerWeek, LESSONS_UK) : ''}`.trim();
    blocks.push(clause(c('schedule', { count: data.studiesCount, perWeek })));
  }

  blocks.push(heading(c('price_heading')));
  if (data.pricePerStudy !== null) {
    blocks.push(
      clause(
        c('price', { price: documentAmount(data.pricePerStudy), words: amountInWordsUk(data.pricePerStudy) }),
      ),
    );
    if (data.studiesCount) {
      const total = data.pricePerStudy * data.studiesCount;
      blocks.push(
        clause(c('total', { total: documentAmount(total), words: amountInWordsUk(total) }), { bold: true }),
      );
    }
  }
  blocks.push(clause(c('payment')));

  blocks.push(heading(c('term_heading')));
  blocks.push(clause(data.endAt ? c('term_until', { date: documentDate(data.endAt) }) : c('term_open')));

  blocks.push(heading(c('parties_heading')));
  blocks.push(
    table(
      [
        [
          { text: c('executor'), bold: true, width: 50 },
          { text: c('customer'), bold: true, width: 50 },
        ],
        [
          { text: requisites([executor, data.executor.bank && c('bank', { bank: data.executor.bank })]) },
          {
            text: requisites([
              customer,
              data.customer.phone && c('phone', { phone: data.customer.phone }),
              data.customer.email && c('email', { email: data.customer.email }),
              `${c('student')}: ${data.student.fullName}`,
            ]),
          },
        ],
        [{ text: c('signature') }, { text: c('signature') }],
      ],
      { bordered: false },
    ),
  );
  blocks.push(spacer());
  return renderDocx(blocks, {
    title: c(data.offerUrl ? 'offer_title' : 'title', { number: data.number }),
    language: data.lang === 'ru' ? 'ru-RU' : 'uk-UA',
  });
}
