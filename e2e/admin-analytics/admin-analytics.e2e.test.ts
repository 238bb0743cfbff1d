import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources } from '@school/shared/i18n';
import { formatMoney } from '@school/shared/rules';
import { SCREENSHOT_DIR as SHOTS, VIEWPORTS } from '../support/browser.test-kit';
import { signIn } from '../support/demo-school.test-kit';
import { installNativeBridge, type NativeHarness } from '../desktop-calendar/native-bridge.test-kit';
import { useStaffSuite, viewportShot } from '../desktop-calendar/staff-suite.test-kit';

/**
 * /admin/analytics of the staff app (issue 17 points 1-2, spec part 2 §2 "Analytics" and "Document
 * generators"): the demo school's weekly figures as the API answers them, the charts, the CSV
 * export and the generators' .docx through the desktop bridge.
 */

const uk = resources.uk.translation;
const ru = resources.ru.translation;
const suite = useStaffSuite();
type Texts = typeof uk;

const fill = (template: string, params: Record<string, string | number>) =>
  Object.entries(params).reduce(
    (text, [name, value]) => text.replaceAll(`{{${name}}}`, String(value)),
    template,
  );
const message = (texts: Texts, key: 'required' | 'numeric', field: keyof Texts['attributes']) =>
  fill(texts.validations[key], { attribute: texts.attributes[field] });
const day = (iso: string) => iso.split('-').reverse().join('.');

interface StudiesRow {
  week: number;
  first_day_of_week: string;
  last_day_of_week: string;
  count: number;
  price: number;
  average_price: number | null;
  users_count: number;
}

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'admin-analytics-e2e-'));
});
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function analyticsPage(
  language: 'uk' | 'ru',
): Promise<{ context: BrowserContext; page: Page; harness: NativeHarness }> {
  const context = await suite.browser.newContext({
    baseURL: suite.server.url,
    viewport: VIEWPORTS.desktop,
    locale: language === 'uk' ? 'uk-UA' : 'ru-RU',
  });
  const harness = await installNativeBridge(context, {
    appUrl: `${suite.server.url}/staff/`,
    trustedOrigin: suite.server.url,
  });
  const page = await context.newPage();
  await signIn(page, 'admin@example.com', language);
  await page.goto('/staff/admin/analytics');
  await page.getByTestId('analytics-invoices-total').waitFor();
  return { context, page, harness };
}

const api = async <T>(context: BrowserContext, url: string): Promise<T> => {
  const answer = await context.request.get(url);
  expect(answer.status()).toBe(200);
  return (await answer.json()) as T;
};

/** The table's cells, row by row (body rows only). */
const cells = (page: Page, kind: string) =>
  page
    .getByTestId(`analytics-${kind}-row`)
    .evaluateAll((rows) =>
      rows.map((row) => Array.from(row.querySelectorAll('td'), (td) => td.childNodes[0]?.textContent ?? '')),
    );

async function typeDate(page: Page, testId: string, date: string): Promise<void> {
  const input = page.getByTestId(testId);
  await input.fill(date);
  await input.press('Tab');
}

/** The invoice generator's fields, in the form's order (the date typed as dd.MM.yyyy). */
async function fillInvoiceGenerator(
  page: Page,
  values: { contract: string; date: string; invoice: string; payer: string; count: string; cost: string },
): Promise<void> {
  await page.getByTestId('invoice-generator-contract_number').fill(values.contract);
  await typeDate(page, 'invoice-generator-contract_date', values.date);
  await page.getByTestId('invoice-generator-invoice_number').fill(values.invoice);
  await page.getByTestId('invoice-generator-payer_fullname').fill(values.payer);
  await page.getByTestId('invoice-generator-studies_count').fill(values.count);
  await page.getByTestId('invoice-generator-study_cost').fill(values.cost);
}

describe('staff analytics', () => {
  it('shows the API figures week by week with the current week highlighted, draws them, and exports a table to CSV (uk)', async () => {
    const { context, page, harness } = await analyticsPage('uk');
    try {
      const current = await api<{ week: number; first_day_of_week: string; last_day_of_week: string }>(
        context,
        '/api/analytics/weekNumber',
      );
      const studies = await api<{ data: StudiesRow[]; total: StudiesRow }>(
        context,
        '/api/analytics/studies/weekly?trial=0&weeks=13',
      );
      const trial = await api<{ data: StudiesRow[] }>(
        context,
        '/api/analytics/studies/weekly?trial=1&weeks=13',
      );
      const invoices = await api<{
        data: { amount: number; count: number }[];
        total: { amount: number; count: number };
      }>(context, '/api/analytics/invoices/weekly?weeks=13');
      expect(studies.data.some((row) => row.count > 0)).toBe(true);

      expect(await page.getByTestId('analytics-current-week').innerText()).toBe(
        fill(uk.analyticsUi.currentWeek, {
          week: current.week,
          from: day(current.first_day_of_week),
          to: day(current.last_day_of_week),
        }),
      );
      const money = (minor: number | null) =>
        minor === null ? '' : formatMoney(minor, 'uk', { currency: false });
      expect(await cells(page, 'studies')).toEqual(
        studies.data.map((row) => [
          String(row.week),
          day(row.first_day_of_week),
          day(row.last_day_of_week),
          String(row.count),
          money(row.price),
          money(row.average_price),
          String(row.users_count),
        ]),
      );
      expect((await cells(page, 'trial')).map((row) => row[3])).toEqual(
        trial.data.map((row) => String(row.count)),
      );
      expect((await cells(page, 'invoices')).map((row) => [row[3], row[4]])).toEqual(
        invoices.data.map((row) => [String(row.count), money(row.amount)]),
      );
      expect(
        await page.getByTestId('analytics-studies-total').locator('[data-column=count]').innerText(),
      ).toBe(String(studies.total.count));
      expect(
        await page.getByTestId('analytics-invoices-total').locator('[data-column=amount]').innerText(),
      ).toBe(money(invoices.total.amount));
      // The current week, and only it, is highlighted in each list.
      for (const kind of ['studies', 'trial', 'invoices']) {
        expect(
          await page
            .locator(`[data-testid=analytics-${kind}-row][data-current=true]`)
            .getAttribute('data-week'),
        ).toBe(current.first_day_of_week);
        expect(
          await page.locator(`[data-testid=analytics-${kind}-row].analytics-table__current`).count(),
        ).toBe(1);
      }
      expect(await page.getByTestId('analytics-trial').locator('h2').innerText()).toBe(
        uk.analyticsUi.headings.trial,
      );

      // The charts: a dot per week on each line, the current week marked.
      const lessons = page.getByTestId('analytics-chart-lessons');
      expect(await lessons.locator('svg.recharts-surface .recharts-line').count()).toBe(2);
      expect(await lessons.locator('.recharts-line-dot').count()).toBe(2 * 13);
      expect(await page.getByTestId('analytics-chart-revenue').locator('.recharts-line-dot').count()).toBe(
        13,
      );
      expect(await lessons.locator('.recharts-reference-line').count()).toBe(1);
      expect(await lessons.locator('.recharts-reference-line-line').getAttribute('x')).toBe(
        day(current.first_day_of_week).slice(0, 5),
      );
      expect(await lessons.textContent()).toContain(uk.analyticsUi.charts.currentWeek);
      await page.screenshot({ path: path.join(SHOTS, 'admin-analytics-uk.png'), fullPage: true });

      // CSV of the studies list through the native Save dialog.
      harness.dialogs.save = path.join(dir, 'studies.csv');
      await page.getByTestId('analytics-studies-csv').click();
      await page.getByTestId('toast-success').filter({ hasText: 'studies.csv' }).first().waitFor();
      const first = studies.data[0]!;
      const last = studies.data.at(-1)!;
      expect(harness.saveRequests.at(-1)).toBe(
        `analytics-studies-${first.first_day_of_week}-${last.last_day_of_week}.csv`,
      );
      const csv = await readFile(path.join(dir, 'studies.csv'), 'utf8');
      const lines = csv.replace(/^\uFEFF/, '').split('\r\n');
      const c = uk.analyticsUi.columns;
      // Fields with a comma (uk amounts, headings with a unit) are quoted.
      const quoted = (text: string) => (/[;,"]/.test(text) ? `"${text}"` : text);
      expect(lines[0]).toBe(
        [c.week, c.firstDay, c.lastDay, c.count, c.price, c.averagePrice, c.usersCount].map(quoted).join(';'),
      );
      expect(lines).toHaveLength(13 + 3);
      expect(lines[1]).toBe(
        [
          first.week,
          day(first.first_day_of_week),
          day(first.last_day_of_week),
          first.count,
          quoted(money(first.price)),
          quoted(money(first.average_price)),
          first.users_count,
        ].join(';'),
      );
      expect(lines[14]!.startsWith(`${uk.analyticsUi.total};;;${studies.total.count};`)).toBe(true);
      expect(harness.logged).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("in a plain browser a generator's .docx is a download under the spec's name (uk)", async () => {
    const { context, page } = await suite.staffPage('uk');
    try {
      await signIn(page, 'admin@example.com', 'uk');
      await page.goto('/staff/admin/analytics');
      await page.getByTestId('analytics-tab-generators').click();
      await fillInvoiceGenerator(page, {
        contract: '456',
        date: '15.02.2025',
        invoice: '01-456',
        payer: 'Коваленко Ольга Петрівна',
        count: '4',
        cost: '300',
      });
      const download = page.waitForEvent('download');
      await page.getByTestId('invoice-generator-submit').click();
      const file = await download;
      expect(file.suggestedFilename()).toBe('456.docx');
      expect((await readFile((await file.path())!)).subarray(0, 2).toString()).toBe('PK');
      // A browser cannot open a folder: no "Show in folder" there.
      expect(await page.getByTestId('invoice-generator-show-in-folder').count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('follows the range, and the generators refuse bad input under the fields then save a .docx (ru, uk)', async () => {
    const { context, page, harness } = await analyticsPage('ru');
    try {
      await page.getByTestId('analytics-range').selectOption('4');
      await expect.poll(() => page.getByTestId('analytics-studies-row').count()).toBe(4);
      const weeks4 = await api<{ data: StudiesRow[] }>(
        context,
        '/api/analytics/studies/weekly?trial=0&weeks=4',
      );
      expect((await cells(page, 'studies')).map((row) => row[3])).toEqual(
        weeks4.data.map((row) => String(row.count)),
      );
      expect(await page.getByTestId('analytics-chart-revenue').locator('.recharts-line-dot').count()).toBe(4);
      expect(await page.getByTestId('analytics-invoices').locator('h2').innerText()).toBe(
        ru.analyticsUi.headings.invoices,
      );
      await page.screenshot({ path: path.join(SHOTS, 'admin-analytics-ru.png'), fullPage: true });

      await page.getByTestId('analytics-tab-generators').click();
      // The contract generator: a number that is no number, class 12, nothing else (ru messages).
      await page.getByTestId('contract-generator-contract_number').fill('A-1');
      await page.getByTestId('contract-generator-student_class').fill('12');
      await page.getByTestId('contract-generator-submit').click();
      expect(await page.getByTestId('contract-generator-contract_number-error').innerText()).toBe(
        message(ru, 'numeric', 'contract_number'),
      );
      expect(await page.getByTestId('contract-generator-student_class-error').innerText()).toBe(
        fill(ru.validations.between.numeric, { attribute: ru.attributes.student_class, min: 1, max: 11 }),
      );
      expect(await page.getByTestId('contract-generator-customer_fullname-error').innerText()).toBe(
        message(ru, 'required', 'customer_fullname'),
      );
      expect(await page.getByTestId('contract-generator-study_cost-error').innerText()).toBe(
        message(ru, 'required', 'study_cost'),
      );
      await viewportShot(page, 'admin-analytics-generators-ru');

      // The invoice generator, good input: the .docx named after the contract number.
      await fillInvoiceGenerator(page, {
        contract: '123',
        date: '10.01.2025',
        invoice: '03-123',
        payer: 'Шевченко Тарас Григорьевич',
        count: '8',
        cost: '350,50',
      });
      harness.dialogs.save = path.join(dir, 'invoice.docx');
      await page.getByTestId('invoice-generator-submit').click();
      await page.getByTestId('invoice-generator-show-in-folder').waitFor();
      expect(harness.saveRequests.at(-1)).toBe('123.docx');
      expect((await readFile(path.join(dir, 'invoice.docx'))).subarray(0, 2).toString()).toBe('PK');
      await page.getByTestId('invoice-generator-show-in-folder').click();
      await expect.poll(() => harness.shownInFolder).toEqual([path.join(dir, 'invoice.docx')]);

      // Back in uk: the messages follow the language; the contract is saved under its uk name.
      await page.evaluate(() => localStorage.setItem('app:language', 'uk'));
      await page.reload();
      await page.getByTestId('analytics-tab-generators').click();
      await page.getByTestId('contract-generator-contract_number').fill('A-1');
      await page.getByTestId('contract-generator-submit').click();
      expect(await page.getByTestId('contract-generator-contract_number-error').innerText()).toBe(
        message(uk, 'numeric', 'contract_number'),
      );
      expect(await page.getByTestId('contract-generator-student_name-error').innerText()).toBe(
        message(uk, 'required', 'student_name'),
      );
      await viewportShot(page, 'admin-analytics-generators-uk');
      await page.getByTestId('contract-generator-contract_number').fill('77');
      await page.getByTestId('contract-generator-customer_fullname').fill('Коваленко Ольга Петрівна');
      await page.getByTestId('contract-generator-student_name').fill('Андрій');
      await page.getByTestId('contract-generator-sex').selectOption('1');
      await page.getByTestId('contract-generator-student_class').fill('7');
      await page.getByTestId('contract-generator-studies_per_week').fill('2');
      await page.getByTestId('contract-generator-study_cost').fill('400');
      await page.getByTestId('contract-generator-studies_count').fill('8');
      // What the server still refuses (422) lands under the field: the sent class is made 12 on the way.
      await page.route('**/contract', (route) =>
        route.continue({
          postData: route
            .request()
            .postDataBuffer()!
            .toString('latin1')
            .replace(/(name="student_class"\r\n\r\n)7/, '$112'),
        }),
      );
      await page.getByTestId('contract-generator-submit').click();
      expect(await page.getByTestId('contract-generator-student_class-error').innerText()).toBe(
        fill(uk.validations.between.numeric, { attribute: uk.attributes.student_class, min: 1, max: 11 }),
      );
      await page.unroute('**/contract');
      harness.dialogs.save = path.join(dir, 'contract.docx');
      await page.getByTestId('contract-generator-submit').click();
      await page.getByTestId('contract-generator-show-in-folder').waitFor();
      expect(harness.saveRequests.at(-1)).toBe(fill(uk.documents.contract_file, { number: 77 }));
      expect((await readFile(path.join(dir, 'contract.docx'))).subarray(0, 2).toString()).toBe('PK');
      expect(harness.logged).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
