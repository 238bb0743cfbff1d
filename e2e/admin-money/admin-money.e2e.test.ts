import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DateTime } from 'luxon';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TIME_ZONE } from '@school/shared/domain';
import { resources } from '@school/shared/i18n';
import { VIEWPORTS } from '../support/browser.test-kit';
import { signIn } from '../support/demo-school.test-kit';
import { installNativeBridge, type NativeHarness } from '../desktop-calendar/native-bridge.test-kit';
import { useStaffSuite, viewportShot } from '../desktop-calendar/staff-suite.test-kit';

/**
 * The contract, subscription and invoice forms of the staff app (issue 16, spec part 2 §2-§9),
 * opened by their deep links, and their documents saved to disk through the desktop bridge.
 */

const uk = resources.uk.translation;
const ru = resources.ru.translation;
const suite = useStaffSuite();
const OFFER = 17;
const PLAIN = 2;

const fill = (template: string, params: Record<string, string | number>) =>
  Object.entries(params).reduce(
    (text, [name, value]) => text.replaceAll(`{{${name}}}`, String(value)),
    template,
  );
const required = (texts: typeof uk, field: keyof typeof uk.attributes) =>
  fill(texts.validations.required, { attribute: texts.attributes[field] });

let dir: string;
/** A student with a contract (and so a payer), a teacher, and a student without any contract. */
let people: {
  student: { id: number; full_name: string };
  payer: { id: number; full_name: string };
  teacher: { id: number; full_name: string };
  lonely: number;
};
/** What the tests make, in order. */
const made: { contract?: number; subscription?: number; invoice?: number } = {};

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'admin-money-e2e-'));
  const knex = suite.server.knex;
  const contract = await knex('contracts as c')
    .join('users as s', 's.id', 'c.student_id')
    .join('users as p', 'p.id', 'c.payer_id')
    .where({ 's.active': true, 's.role_id': 4 })
    .orderBy('c.id')
    .first(
      's.id as student_id',
      's.full_name as student_name',
      'p.id as payer_id',
      'p.full_name as payer_name',
    );
  const teacher = await knex('users').where({ email: 'teacher@example.com' }).first('id', 'full_name');
  const [lonely] = await knex('users')
    .insert({ role_id: 4, firstname: 'Зорян', surname: 'Безконтрактний' })
    .returning('id');
  // Today's euro rate is known: the form needs no outside service.
  const today = DateTime.now().setZone(TIME_ZONE).toISODate();
  await knex('exchange_rates')
    .insert({ currency: 'EUR', rate_date: today, rate: 45.5 })
    .onConflict(['currency', 'rate_date'])
    .merge();
  people = {
    student: { id: contract.student_id, full_name: contract.student_name },
    payer: { id: contract.payer_id, full_name: contract.payer_name },
    teacher: { id: teacher.id, full_name: teacher.full_name },
    lonely: Number(lonely.id ?? lonely),
  };
}, 60_000);

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function desktopPage(
  language: 'uk' | 'ru',
): Promise<{ context: BrowserContext; page: Page; harness: NativeHarness }> {
  const context = await suite.browser.newContext({
    baseURL: suite.server.url,
    viewport: VIEWPORTS.desktop,
    locale: language === 'uk' ? 'uk-UA' : 'ru-RU',
  });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: suite.server.url });
  const harness = await installNativeBridge(context, {
    appUrl: `${suite.server.url}/staff/`,
    trustedOrigin: suite.server.url,
  });
  const page = await context.newPage();
  await signIn(page, 'admin@example.com', language);
  return { context, page, harness };
}

async function openForm(page: Page, link: string, form: string): Promise<void> {
  await page.goto(`/staff${link}`);
  await page.getByTestId(form).waitFor();
  await page.waitForFunction((id) => !document.querySelector(`[data-testid=${id}-loading]`), form);
}

async function pick(page: Page, testId: string, text: string, id: number): Promise<void> {
  await page.getByTestId(`${testId}-search`).fill(text);
  await page.getByTestId(`${testId}-option-${id}`).click();
  await page.getByTestId(`${testId}-picked`).waitFor();
}

async function typeDate(page: Page, testId: string, date: string): Promise<void> {
  const input = page.getByTestId(testId);
  await input.fill(date);
  await input.press('Tab');
}

/** A success toast with this text (an earlier one may still be shown). */
async function successToast(page: Page, text: string): Promise<void> {
  await page.getByTestId('toast-success').filter({ hasText: text }).first().waitFor();
}

const dialogClosed = (page: Page) => page.locator('.admin-form-dialog').waitFor({ state: 'detached' });
const errorText = (page: Page, testId: string) => page.getByTestId(testId).innerText();

describe('contract form', () => {
  it('creates a public-offer contract with its signed document; the edit asks for the end date of a plain template; the .docx goes to disk', async () => {
    const { context, page, harness } = await desktopPage('uk');
    try {
      await openForm(page, '/admin/contracts?create', 'contract-form');
      // Part 2 §9 defaults: template 42, its first invoice template, end 31 Dec 2025.
      expect(await page.getByTestId('contract-form-template').inputValue()).toBe('42');
      expect(await page.getByTestId('contract-form-invoice-template').inputValue()).toBe('3');
      expect(await page.getByTestId('contract-form-end_at').inputValue()).toBe('31.12.2025');
      await page.getByTestId('contract-form-save').click();
      expect(await errorText(page, 'contract-form-student-error')).toBe(required(uk, 'student_id'));
      expect(await errorText(page, 'contract-form-payer-error')).toBe(required(uk, 'payer_id'));

      await pick(page, 'contract-form-student', people.student.full_name.slice(0, 4), people.student.id);
      await pick(page, 'contract-form-payer', people.payer.full_name.slice(0, 4), people.payer.id);
      // A public offer: no end date; the invoice template resets to the offer's first one.
      await page.getByTestId('contract-form-template').selectOption(String(OFFER));
      await page.getByTestId('contract-form-offer').waitFor();
      expect(await page.getByTestId('contract-form-end_at').count()).toBe(0);
      expect(await page.getByTestId('contract-form-invoice-template').inputValue()).toBe('6');
      await page.getByTestId('contract-form-document-input').setInputFiles({
        name: 'scan.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\n%%EOF\n'),
      });
      await page.getByTestId('contract-form-document-picked').waitFor();
      await viewportShot(page, 'admin-money-contract-create-uk');
      await page.getByTestId('contract-form-save').click();
      await successToast(page, uk.moneyForms.contract.created);
      await dialogClosed(page);
      const row = await suite.server
        .knex('contracts')
        .where({ student_id: people.student.id, template_id: OFFER })
        .orderBy('id', 'desc')
        .first();
      expect(row).toMatchObject({
        payer_id: people.payer.id,
        invoice_template_id: 6,
        end_at: null,
        document_name: 'scan.pdf',
      });
      made.contract = row.id as number;

      await openForm(page, `/admin/contracts?edit=${made.contract}`, 'contract-form');
      expect(await page.getByTestId('contract-form-document-stored').innerText()).toContain('scan.pdf');
      // The .docx through the native Save dialog, under the spec's name; then "Show in folder".
      harness.dialogs.save = path.join(dir, 'contract.docx');
      await page.getByTestId('contract-form-download').click();
      await page.getByTestId('contract-form-download-show-in-folder').waitFor();
      expect(harness.saveRequests.at(-1)).toBe(`Договір № ${made.contract}.docx`);
      expect((await readFile(path.join(dir, 'contract.docx'))).subarray(0, 2).toString()).toBe('PK');
      await page.getByTestId('contract-form-download-show-in-folder').click();
      await expect.poll(() => harness.shownInFolder).toEqual([path.join(dir, 'contract.docx')]);

      // A plain template needs the end date (part 2 §5).
      await page.getByTestId('contract-form-template').selectOption(String(PLAIN));
      await page.getByTestId('contract-form-save').click();
      expect(await errorText(page, 'contract-form-end_at-error')).toBe(required(uk, 'end_at'));
      await typeDate(page, 'contract-form-end_at', '31.08.2031');
      await viewportShot(page, 'admin-money-contract-edit-uk');
      await page.getByTestId('contract-form-save').click();
      await successToast(page, uk.moneyForms.contract.saved);
      const saved = await suite.server.knex('contracts').where({ id: made.contract }).first();
      expect(saved.template_id).toBe(PLAIN);
      expect(DateTime.fromJSDate(saved.end_at).setZone(TIME_ZONE).toISODate()).toBe('2031-08-31');
      expect(harness.logged).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('subscription form', () => {
  it('in Russian: the server’s refusal under the student, NO CONTRACT!, bad input, create, edit replans, prolong copies', async () => {
    const { context, page } = await desktopPage('ru');
    try {
      // A teacher preset as the student: the server refuses it (422) under the student field.
      await openForm(
        page,
        `/admin/subscriptions?create&teacher_id=${people.teacher.id}&student_id=${people.teacher.id}`,
        'subscription-form',
      );
      await page
        .getByTestId('subscription-form-teacher-picked')
        .getByText(people.teacher.full_name)
        .waitFor();
      await page.getByTestId('subscription-form-save').click();
      await page.getByTestId('subscription-form-student-error').waitFor();
      expect(await errorText(page, 'subscription-form-student-error')).toBe(ru.subscriptions.student_invalid);

      await page.getByTestId('subscription-form-student-clear').click();
      await page.getByTestId('subscription-form-student-search').fill('Безк');
      const lonely = page.getByTestId(`subscription-form-student-option-${people.lonely}`);
      await lonely.waitFor();
      expect(await lonely.innerText()).toContain(ru.moneyForms.subscription.noContract);
      expect(await lonely.getAttribute('aria-disabled')).toBe('true');
      await pick(page, 'subscription-form-student', people.student.full_name.slice(0, 4), people.student.id);
      // The refusal was about the value sent: another student drops it.
      expect(await page.getByTestId('subscription-form-student-error').count()).toBe(0);
      // He has two contracts now: the dropdown shows, his first is chosen.
      await page.getByTestId('subscription-form-contract').selectOption(String(made.contract));

      await typeDate(page, 'subscription-form-studies_template_start_date', '07.01.2030');
      await page.getByTestId('subscription-form-count').fill('0');
      await page.getByTestId('subscription-form-slot-0-time').fill('25:00');
      await page.getByTestId('subscription-form-price').fill('12,345');
      await page.getByTestId('subscription-form-save').click();
      expect(await errorText(page, 'subscription-form-studies_template_total_count-error')).toBe(
        fill(ru.validations.between.numeric, {
          attribute: ru.attributes.studies_template_total_count,
          min: 1,
          max: 200,
        }),
      );
      expect(await errorText(page, 'subscription-form-slot-0-error')).toContain(ru.attributes.start_time);
      expect(await errorText(page, 'subscription-form-price_per_study-error')).toBe(
        fill(ru.validations.numeric, { attribute: ru.attributes.price_per_study }),
      );
      await viewportShot(page, 'admin-money-subscription-errors-ru');

      // EUR pricing at today's rate: 10 € × 45.5 = 455 UAH per study.
      await page.getByTestId('subscription-form-in-eur').check({ force: true });
      await expect.poll(() => page.getByTestId('subscription-form-eur-rate').inputValue()).toBe('45.5');
      await page.getByTestId('subscription-form-eur-price').fill('10');
      expect(await page.getByTestId('subscription-form-price').inputValue()).toBe('455');
      await page.getByTestId('subscription-form-count').fill('2');
      await page.getByTestId('subscription-form-slot-0-time').fill('10:00:00');
      await page.getByTestId('subscription-form-save').click();
      await successToast(page, ru.moneyForms.subscription.created);
      await dialogClosed(page);
      const created = await suite.server
        .knex('subscriptions')
        .where({ contract_id: made.contract })
        .orderBy('id', 'desc')
        .first();
      expect(created).toMatchObject({ price_per_study: 45500, studies_per_week: 1 });
      expect(Number(created.eur_rate)).toBe(45.5);
      made.subscription = created.id as number;
      const studies = () =>
        suite.server
          .knex('study_user')
          .where({ subscription_id: made.subscription })
          .count<{ count: string }[]>('* as count');
      expect(Number((await studies())[0].count)).toBe(2);

      // Edit: starts at the earliest future study with their number; a new count replans.
      await openForm(page, `/admin/subscriptions?edit=${made.subscription}`, 'subscription-form');
      expect(await page.getByTestId('subscription-form-studies_template_start_date').inputValue()).toBe(
        '07.01.2030',
      );
      expect(await page.getByTestId('subscription-form-count').inputValue()).toBe('2');
      await page.getByTestId('subscription-form-count').fill('3');
      await viewportShot(page, 'admin-money-subscription-edit-ru');
      await page.getByTestId('subscription-form-save').click();
      await successToast(page, ru.moneyForms.subscription.saved);
      await dialogClosed(page);
      expect(Number((await studies())[0].count)).toBe(3);

      // Prolong: the day after the last study (Mondays 7, 14, 21 Jan 2030), as many studies.
      await openForm(page, `/admin/subscriptions?create&copy_of=${made.subscription}`, 'subscription-form');
      await page.getByTestId('subscription-form-prolong').waitFor();
      expect(await page.getByTestId('subscription-form-studies_template_start_date').inputValue()).toBe(
        '22.01.2030',
      );
      expect(await page.getByTestId('subscription-form-count').inputValue()).toBe('3');
      expect(await page.getByTestId('subscription-form-price').inputValue()).toBe('455');
      await viewportShot(page, 'admin-money-subscription-prolong-ru');
      await page.getByTestId('subscription-form-cancel').click();
      await dialogClosed(page);
    } finally {
      await context.close();
    }
  });
});

describe('invoice form', () => {
  it('an unpaid package sets the amount and shows the entity; bad input in uk and ru; the .docx to disk, a text answer to the clipboard', async () => {
    const { context, page, harness } = await desktopPage('uk');
    try {
      await openForm(page, '/admin/invoices?create', 'invoice-form');
      await page.getByTestId('invoice-form-save').click();
      expect(await errorText(page, 'invoice-form-subscription_id-error')).toBe(
        required(uk, 'subscription_id'),
      );
      expect(await errorText(page, 'invoice-form-amount-error')).toBe(required(uk, 'amount'));
      // The search is by the payer's name, as the spec's call writes it (withHaving[contract.payer.full_name]=text%).
      await page.getByTestId('invoice-form-subscription-search').fill(people.payer.full_name.slice(0, 6));
      await page.getByTestId(`invoice-form-subscription-option-${made.subscription}`).waitFor();
      await pick(page, 'invoice-form-subscription', String(made.subscription), made.subscription!);
      // 3 studies × 455 UAH; the contract (now on a plain template) names no invoice template:
      // the dropdown of templates without a bank shows, set to 2 (part 2 §4).
      expect(await page.getByTestId('invoice-form-studies-count').innerText()).toBe('3');
      expect(await page.getByTestId('invoice-form-amount').inputValue()).toBe('1365');
      expect(await page.getByTestId('invoice-form-template').inputValue()).toBe('2');
      expect(await page.getByTestId('invoice-form-template').locator('option').allInnerTexts()).toEqual([
        '—',
        expect.stringContaining('Рахунок ФОП (основний)'),
        expect.stringContaining('Рахунок ФОП (резервний)'),
      ]);
      await page.getByTestId('invoice-form-amount').fill('13,655');
      await page.getByTestId('invoice-form-save').click();
      expect(await errorText(page, 'invoice-form-amount-error')).toBe(
        fill(uk.validations.numeric, { attribute: uk.attributes.amount }),
      );
      // The message follows the interface language.
      await page.getByTestId('language-ru').dispatchEvent('click');
      await page.waitForFunction(() => document.documentElement.lang === 'ru');
      expect(await errorText(page, 'invoice-form-amount-error')).toBe(
        fill(ru.validations.numeric, { attribute: ru.attributes.amount }),
      );
      await viewportShot(page, 'admin-money-invoice-create-ru');
      await page.getByTestId('language-uk').dispatchEvent('click');
      await page.waitForFunction(() => document.documentElement.lang === 'uk');
      await page.getByTestId('invoice-form-amount').fill('1365');
      await viewportShot(page, 'admin-money-invoice-create-uk');
      await page.getByTestId('invoice-form-save').click();
      await successToast(page, uk.moneyForms.invoice.created);
      await dialogClosed(page);
      const invoice = await suite.server
        .knex('invoices')
        .where({ subscription_id: made.subscription })
        .first();
      expect(invoice).toMatchObject({ amount: 136500, template_id: 2, payed_at: null });
      made.invoice = invoice.id as number;

      // Its template has no bank: the answer is payment instructions, copied to the clipboard.
      await openForm(page, `/admin/invoices?edit=${made.invoice}`, 'invoice-form');
      await page.getByTestId('invoice-form-download').click();
      await successToast(page, uk.moneyForms.documents.invoiceCopied);
      expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(
        `01-${String(made.contract).padStart(2, '0')}`,
      );
      await page.getByTestId('invoice-form-cancel').click();
      await dialogClosed(page);

      // A contract with its invoice template: entity and bank read-only; the .docx goes to disk.
      const banked = await suite.server
        .knex('invoices as i')
        .join('subscriptions as s', 's.id', 'i.subscription_id')
        .join('contracts as c', 'c.id', 's.contract_id')
        .join('invoice_templates as t', 't.id', 'c.invoice_template_id')
        .whereNotNull('t.bank')
        .first('i.id', 'i.position', 'i.contract_id', 't.bank');
      await openForm(page, `/admin/invoices?edit=${banked.id}`, 'invoice-form');
      await page.getByTestId('invoice-form-entity').getByText(banked.bank).waitFor();
      expect(await page.getByTestId('invoice-form-template').count()).toBe(0);
      await viewportShot(page, 'admin-money-invoice-edit-uk');
      harness.dialogs.save = path.join(dir, 'invoice.docx');
      await page.getByTestId('invoice-form-download').click();
      await page.getByTestId('invoice-form-download-show-in-folder').waitFor();
      const number = `${String(banked.position).padStart(2, '0')}-${String(banked.contract_id).padStart(2, '0')}`;
      expect(harness.saveRequests.at(-1)).toBe(`Рахунок № ${number}.docx`);
      expect((await readFile(path.join(dir, 'invoice.docx'))).subarray(0, 2).toString()).toBe('PK');
      // An answer that names no file is saved as {id}.docx (part 1 §7).
      await page.route('**/api/invoices/*/download', async (route) => {
        const answer = await route.fetch();
        const headers = { ...answer.headers() };
        delete headers['content-disposition'];
        await route.fulfill({ response: answer, headers });
      });
      await page.getByTestId('invoice-form-download').click();
      await expect.poll(() => harness.saveRequests.at(-1)).toBe(`${banked.id}.docx`);
    } finally {
      await context.close();
    }
  });
});

describe('money tables', () => {
  async function openTable(page: Page, link: string): Promise<void> {
    await page.goto(`/staff${link}`);
    await page.getByTestId('admin-table').waitFor();
    await page.waitForFunction(
      () => !document.querySelector('[data-testid=admin-table]')?.hasAttribute('data-loading'),
    );
  }

  it('contracts with their invoices, subscriptions with the unpaid footer and the price in UAH, invoices with their number; prolong opens the copy', async () => {
    const { context, page } = await desktopPage('uk');
    try {
      await openTable(page, `/admin/contracts?id=${made.contract}`);
      await page.getByTestId(`expand-${made.contract}`).click();
      expect(await page.getByTestId(`contract-invoice-${made.invoice}`).innerText()).toContain(
        uk.moneyForms.invoice.unpaid,
      );
      expect(await page.getByTestId(`contract-download-${made.contract}`).isDisabled()).toBe(false);
      expect(await page.getByTestId(`contract-document-${made.contract}`).getAttribute('download')).toBe(
        'scan.pdf',
      );
      await viewportShot(page, 'admin-money-contracts-table-uk');

      // The price filter is typed in UAH and sent in kopiykas.
      await openTable(page, `/admin/subscriptions?contract_id=${made.contract}&price=455&unpaid=1`);
      await page.getByTestId(`row-${made.subscription}`).waitFor();
      const totals = fill(uk.moneyForms.tables.unpaidTotals, { price: '1365,00', paid: '0,00' }).replace(
        /\s/g,
        '',
      );
      expect(
        (await page.getByTestId('unpaid-totals-sums').innerText()).replace(/\s/g, '').replace(/₴/g, ''),
      ).toBe(totals);
      expect(await page.getByTestId('unpaid-totals-scope').innerText()).toBe(uk.staffScreens.totalOfThisPage);
      expect(await page.getByTestId(`subscription-studies-${made.subscription}`).locator('a').count()).toBe(
        3,
      );
      await viewportShot(page, 'admin-money-subscriptions-table-uk');
      await page.getByTestId('filter-price').fill('455,01');
      await page.getByTestId('admin-table-empty').waitFor();
      await page.getByTestId('filter-price').fill('455');
      await page.getByTestId(`prolong-${made.subscription}`).click();
      await page.getByTestId('subscription-form-prolong').waitFor();
      expect(new URL(page.url()).searchParams.get('copy_of')).toBe(String(made.subscription));
      await page.getByTestId('subscription-form-cancel').click();
      await dialogClosed(page);

      // The unpaid filter is preset: a contract's paid invoice shows only once it is unticked.
      const paid = await suite.server
        .knex('invoices')
        .whereNotNull('payed_at')
        .orderBy('id')
        .first('id', 'contract_id');
      await openTable(page, `/admin/invoices?contract_id=${paid.contract_id}`);
      expect(await page.getByTestId('filter-unpaid').isChecked()).toBe(true);
      expect(await page.getByTestId(`row-${paid.id}`).count()).toBe(0);
      await page.getByTestId('filter-unpaid').uncheck({ force: true });
      await page.getByTestId(`row-${paid.id}`).waitFor();
      expect(new URL(page.url()).searchParams.get('unpaid')).toBe('');

      await openTable(page, `/admin/invoices?contract_id=${made.contract}`);
      expect(await page.getByTestId(`invoice-number-${made.invoice}`).innerText()).toBe(
        `01-${String(made.contract).padStart(2, '0')}`,
      );
      expect(await page.getByTestId(`row-${made.invoice}`).innerText()).toContain(
        uk.moneyForms.invoice.unpaid,
      );
      await page.getByTestId('language-ru').click();
      await page.waitForFunction(() => document.documentElement.lang === 'ru');
      await page.getByTestId(`row-${made.invoice}`).getByText(ru.moneyForms.invoice.unpaid).waitFor();
      await viewportShot(page, 'admin-money-invoices-table-ru');
    } finally {
      await context.close();
    }
  });
});
