import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@school/shared/domain';
import { resources } from '@school/shared/i18n';
import { SCREENSHOT_DIR as SHOTS, VIEWPORTS } from '../support/browser.test-kit';
import { signIn, userIdOf } from '../support/demo-school.test-kit';
import { installNativeBridge } from '../desktop-calendar/native-bridge.test-kit';
import { useStaffSuite, viewportShot } from '../desktop-calendar/staff-suite.test-kit';
import {
  BAD_EMAIL,
  manyStudentsCsv,
  STUDENT_HEADERS,
  STUDENTS,
  studentsCsv,
  TEACHERS,
  teachersXlsx,
} from './import-files.test-kit';

/**
 * The staff app's Import page (issue 31) against the real server: a school's Windows-1251 CSV of
 * students with their parents through the browser's file input, and an .xlsx of teachers through
 * the desktop's native dialog; the preview and the written rows checked row by row, and the same
 * file again changes nothing.
 */

const uk = resources.uk.translation;
const ru = resources.ru.translation;
type Texts = typeof uk;
const suite = useStaffSuite();

const fill = (template: string, params: Record<string, string | number>) =>
  Object.entries(params).reduce(
    (text, [name, value]) => text.replaceAll(`{{${name}}}`, String(value)),
    template,
  );

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'admin-imports-e2e-'));
});
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

/* ---------- the page ---------- */

async function openImports(page: Page, texts: Texts): Promise<void> {
  await page.getByTestId('nav-imports').click();
  await page.waitForURL('**/staff/admin/imports');
  await page.getByTestId('import-page').waitFor();
  expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(texts.titles.imports);
}

/** The preview's rows as shown: file row number, outcome, and each error line's field and text. */
const shownRows = (page: Page) =>
  page.getByTestId('import-row').evaluateAll((rows) =>
    rows.map((row) => ({
      row: Number(row.getAttribute('data-row')),
      outcome: row.querySelector('[data-outcome]')?.getAttribute('data-outcome'),
      errors: Array.from(row.querySelectorAll('[data-testid="import-row-error"]'), (line) => [
        line.getAttribute('data-field'),
        line.textContent,
      ]),
    })),
  );

const counts = (page: Page, prefix: 'import-count' | 'import-result') =>
  Promise.all(
    (['create', 'update', 'unchanged', 'error'] as const).map(async (outcome) =>
      Number(await page.getByTestId(`${prefix}-${outcome}`).getAttribute('data-count')),
    ),
  );

async function pickInBrowser(page: Page, name: string, buffer: Buffer): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await page.getByTestId('import-pick-file').click();
  await (await chooser).setFiles({ name, mimeType: 'text/csv', buffer });
}

const mappingRow = (page: Page, header: string) =>
  page.locator(`[data-testid="import-mapping-row"][data-header="${header}"]`);

describe('staff import', () => {
  it('imports a Windows-1251 CSV of students with parents: mapping, preview row by row, commit, the same file again unchanged (uk)', async () => {
    const { context, page } = await suite.staffPage('uk');
    try {
      await signIn(page, 'admin@example.com', 'uk');
      await openImports(page, uk);
      await page.getByTestId('import-kind').selectOption('students');
      // Not a spreadsheet: refused by name before anything is sent.
      await pickInBrowser(page, 'учні.txt', Buffer.from('Шевченко Тарас'));
      expect(await page.getByTestId('toast-message').innerText()).toBe(
        fill(uk.importsUi.unsupported, { name: 'учні.txt' }),
      );
      await page.getByTestId('import-start').waitFor();

      const file = studentsCsv();
      await pickInBrowser(page, 'учні.csv', file);

      // Mapping: every header, the two the dictionary does not know highlighted.
      await page.getByTestId('import-mapping').waitFor();
      expect(
        await page
          .getByTestId('import-mapping-row')
          .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-header'))),
      ).toEqual(STUDENT_HEADERS);
      const unrecognised = await page
        .locator('.import-mapping__row--unrecognised')
        .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-header')));
      expect(unrecognised).toEqual(['Мобільний учня', 'Примітка']);
      expect(
        await mappingRow(page, 'Прізвище батька').getByTestId('import-mapping-select').inputValue(),
      ).toBe('parent_surname');
      await mappingRow(page, 'Мобільний учня').getByTestId('import-mapping-select').selectOption('phone');
      expect(await page.locator('.import-mapping__row--unrecognised').count()).toBe(1);
      await page.screenshot({ path: path.join(SHOTS, 'imports-mapping-uk.png'), fullPage: true });

      // Preview: three new students, the bad row with its error in Ukrainian at its file row.
      await page.getByTestId('import-check').click();
      await page.getByTestId('import-preview').waitFor();
      expect(await counts(page, 'import-count')).toEqual([3, 0, 0, 1]);
      const emailError = fill(uk.validations.email, { attribute: uk.attributes.email });
      expect(await shownRows(page)).toEqual([
        { row: 2, outcome: 'create', errors: [] },
        { row: 3, outcome: 'create', errors: [] },
        { row: 4, outcome: 'error', errors: [['email', `${uk.imports.fields.email}: ${emailError}`]] },
        { row: 5, outcome: 'create', errors: [] },
      ]);
      await page.getByTestId('import-tab-error').click();
      expect((await shownRows(page)).map((r) => r.row)).toEqual([4]);
      await page.screenshot({ path: path.join(SHOTS, 'imports-preview-uk.png'), fullPage: true });
      await page.getByTestId('import-tab-create').click();
      expect((await shownRows(page)).map((r) => r.row)).toEqual([2, 3, 5]);

      // The error report: the bad row as it came, with its row number and the error.
      const download = page.waitForEvent('download');
      await page.getByTestId('import-error-report').click();
      const report = path.join(dir, 'errors.xlsx');
      await (await download).saveAs(report);
      const book = new ExcelJS.Workbook();
      await book.xlsx.readFile(report);
      const values = book.worksheets[0].getSheetValues().filter(Boolean) as unknown[][];
      expect(values).toHaveLength(2);
      expect(values[1]).toContain(4);
      expect(values[1]).toContain(BAD_EMAIL);
      expect(String(values[1].at(-1))).toContain(emailError);

      // Commit: the progress (or, on a fast machine, already the result), then done.
      await page.getByTestId('import-commit').click();
      await page.locator('[data-testid="import-progress"], [data-testid="import-result"]').first().waitFor();
      await page.screenshot({ path: path.join(SHOTS, 'imports-progress-uk.png'), fullPage: true });
      await page.locator('[data-testid="import-result"][data-state="done"]').waitFor({ timeout: 60_000 });
      expect(await counts(page, 'import-result')).toEqual([3, 0, 0, 1]);
      expect(await page.getByTestId('import-open-table').innerText()).toBe(uk.importsUi.result.open.students);

      // Row by row in the database: each student, its phone, its parent linked with their type.
      const knex = suite.server.knex;
      for (const { student, parent, cells } of STUDENTS) {
        const email = cells[3];
        const user = await knex('users')
          .where({ email })
          .first(
            'id',
            'role_id',
            'surname',
            'firstname',
            'patronymic',
            'responsible_type_id',
            knex.raw("to_char(birthdate, 'YYYY-MM-DD') as birthdate"),
          );
        expect(user).toMatchObject({
          role_id: ROLE.Student,
          surname: student.surname,
          firstname: student.firstname,
          patronymic: student.patronymic,
          birthdate: student.birthdate,
          responsible_type_id: student.type,
        });
        expect(await knex('phones').where({ user_id: user.id }).pluck('phone')).toEqual([student.phone]);
        const parentRow = await knex('users')
          .where({ email: parent.email })
          .first('id', 'role_id', 'surname', 'firstname', 'responsible_type_id');
        expect(parentRow).toMatchObject({
          role_id: ROLE.Responsible,
          surname: parent.surname,
          firstname: parent.firstname,
          responsible_type_id: parent.type,
        });
        expect(await knex('phones').where({ user_id: parentRow.id }).pluck('phone')).toEqual([parent.phone]);
        expect(await knex('user_responsibles').where({ child_id: user.id }).pluck('responsible_id')).toEqual([
          parentRow.id,
        ]);
      }
      // The bad row wrote nothing, not even its parent.
      expect(await knex('users').where({ surname: 'Коцюбинський' }).first('id')).toBeUndefined();
      expect(
        await knex('users').where({ email: 'vira.kotsiubynska@import.example' }).first('id'),
      ).toBeUndefined();

      // Closing the window and coming back shows the finished import, until a new one is started.
      await page.reload();
      await page.locator('[data-testid="import-result"][data-state="done"]').waitFor();
      await page.getByTestId('import-again').click();

      // The same file again: the hand mapping is remembered, and nothing would change.
      await pickInBrowser(page, 'учні.csv', file);
      await page.getByTestId('import-mapping').waitFor();
      expect(await mappingRow(page, 'Мобільний учня').getByTestId('import-mapping-select').inputValue()).toBe(
        'phone',
      );
      await page.getByTestId('import-check').click();
      await page.getByTestId('import-preview').waitFor();
      expect(await counts(page, 'import-count')).toEqual([0, 0, 3, 1]);
      expect((await shownRows(page)).map((r) => [r.row, r.outcome])).toEqual([
        [2, 'unchanged'],
        [3, 'unchanged'],
        [4, 'error'],
        [5, 'unchanged'],
      ]);
      expect(await page.getByTestId('import-nothing-to-write').innerText()).toBe(
        uk.importsUi.preview.nothingToWrite,
      );
      expect(await page.getByTestId('import-commit').isDisabled()).toBe(true);

      // 10,000 rows: the preview renders a window of them, and scrolling reaches the last one.
      await page.getByTestId('import-back').click();
      await page.getByTestId('import-other-file').click();
      await pickInBrowser(page, 'школа.csv', manyStudentsCsv(10_000));
      await page.getByTestId('import-check').click();
      await page.getByTestId('import-preview').waitFor({ timeout: 60_000 });
      expect(await counts(page, 'import-count')).toEqual([10_000, 0, 0, 0]);
      const rendered = await page.getByTestId('import-row').count();
      expect(rendered).toBeGreaterThan(5);
      expect(rendered).toBeLessThan(50);
      await page.getByTestId('import-rows').evaluate((list) => list.scrollTo(0, list.scrollHeight));
      await page.locator('[data-testid="import-row"][data-row="10001"]').waitFor();
      expect(await page.getByTestId('import-row').count()).toBeLessThan(50);
    } finally {
      await context.close();
    }
  });

  it('imports an .xlsx of teachers picked in the native dialog, shown in Russian (ru)', async () => {
    const context: BrowserContext = await suite.browser.newContext({
      baseURL: suite.server.url,
      viewport: VIEWPORTS.desktop,
      locale: 'ru-RU',
    });
    const harness = await installNativeBridge(context, {
      appUrl: `${suite.server.url}/staff/`,
      trustedOrigin: suite.server.url,
    });
    try {
      const page = await context.newPage();
      await signIn(page, 'manager@example.com', 'ru');
      await openImports(page, ru);
      await page.getByTestId('import-kind').selectOption('teachers');
      const file = path.join(dir, 'викладачі.xlsx');
      await teachersXlsx(file);
      harness.dialogs.open = [file];
      await page.getByTestId('import-pick-file').click();
      await page.getByTestId('import-mapping').waitFor();
      expect(await page.getByTestId('import-file-name').innerText()).toBe(
        fill(ru.importsUi.fileName, { name: 'викладачі.xlsx' }),
      );
      expect(await page.locator('.import-mapping__row--unrecognised').count()).toBe(0);
      await viewportShot(page, 'imports-mapping-ru');

      await page.getByTestId('import-check').click();
      await page.getByTestId('import-preview').waitFor();
      expect(await counts(page, 'import-count')).toEqual([2, 0, 0, 0]);
      expect(await shownRows(page)).toEqual([
        { row: 2, outcome: 'create', errors: [] },
        { row: 3, outcome: 'create', errors: [] },
      ]);
      expect(await page.getByTestId('import-row-outcome').first().innerText()).toBe(
        ru.importsUi.preview.outcomes.create,
      );
      await viewportShot(page, 'imports-preview-ru');

      await page.getByTestId('import-commit').click();
      await page.locator('[data-testid="import-progress"], [data-testid="import-result"]').first().waitFor();
      await viewportShot(page, 'imports-progress-ru');
      await page.locator('[data-testid="import-result"][data-state="done"]').waitFor({ timeout: 60_000 });
      expect(await counts(page, 'import-result')).toEqual([2, 0, 0, 0]);

      const knex = suite.server.knex;
      const managerId = await userIdOf(knex, 'manager@example.com');
      for (const teacher of TEACHERS) {
        const row = await knex('users')
          .join('teachers', 'teachers.user_id', 'users.id')
          .where('users.email', teacher.email)
          .first(
            'users.role_id',
            'users.surname',
            'users.firstname',
            'users.patronymic',
            knex.raw("to_char(users.birthdate, 'YYYY-MM-DD') as birthdate"),
            'teachers.manager_id',
            'teachers.priority',
            'teachers.sex',
          );
        expect(row).toEqual({
          role_id: ROLE.Teacher,
          surname: teacher.surname,
          firstname: teacher.firstname,
          patronymic: teacher.patronymic,
          birthdate: teacher.iso,
          manager_id: managerId,
          priority: teacher.priority,
          sex: teacher.sex,
        });
      }
      expect(harness.logged).toEqual([]);
      // The file main read is the one in the dialog, unchanged on disk.
      expect((await readFile(file)).byteLength).toBeGreaterThan(0);
    } finally {
      await context.close();
    }
  });
});
