import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { i18nFor, resources } from '@school/shared/i18n';
import { fieldErrors, parseBody, passwordChangeSchema } from '@school/shared/validation';
import { screenshot } from '../support/browser.test-kit';
import { toastText } from './calendar.test-kit';
import { useStaffSuite } from './staff-suite.test-kit';
import { restorePassword } from '../support/passwords.test-kit';
import { PASSWORD, signIn } from '../support/demo-school.test-kit';
import { contractFormDocx } from '@school/server/src/features/document-generators/document.test-kit';

/**
 * The staff /settings (change password, language, the bots' place) and the Teacher's read-only
 * /profile (spec part 2 §2, §5, §7, §8, §9).
 */

const uk = resources.uk.translation;
const ru = resources.ru.translation;

const suite = useStaffSuite();

async function openFromUserMenu(page: Page, text: string, path: string): Promise<void> {
  await page.getByTestId('user-dropdown').click();
  await page.getByTestId('user-menu').getByText(text, { exact: true }).click();
  await page.waitForURL(`**/staff${path}`);
}

async function fillPasswords(page: Page, current: string, next: string, confirmation: string): Promise<void> {
  const form = page.getByTestId('password-form');
  await form.locator('input[name=current_password]').fill(current);
  await form.locator('input[name=new_password]').fill(next);
  await form.locator('input[name=new_password_confirmation]').fill(confirmation);
  await page.getByTestId('password-submit').click();
}

describe('staff settings: change password (spec part 2 §2, §5, §7, §8)', () => {
  it('checks the rules first, shows the server’s refusal under the field, changes the password with a 10 s toast and signs in with it', async () => {
    const { context, page } = await suite.staffPage();
    const newPassword = 'new-secret-42';
    const t = i18nFor('uk').t;
    const passwordCalls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === `/api/users/${suite.teacherId}`)
        passwordCalls.push(request.postData() ?? '');
    });
    try {
      await page.clock.install();
      await signIn(page, 'teacher@example.com');
      await openFromUserMenu(page, uk.titles.settings, '/settings');
      await page.getByTestId('password-form').waitFor();
      expect(await page.getByTestId('page-title').textContent()).toBe(uk.titles.settings);
      await page.waitForFunction((want) => document.title === want, `${uk.app.name} | ${uk.titles.settings}`);

      // Mismatch: the shared rules answer on the client, and nothing is sent.
      await fillPasswords(page, PASSWORD, newPassword, `${newPassword}x`);
      const local = parseBody(passwordChangeSchema, {
        current_password: PASSWORD,
        new_password: newPassword,
        new_password_confirmation: `${newPassword}x`,
      });
      expect(local.success).toBe(false);
      const expected = fieldErrors(local.success ? [] : local.issues, t);
      expect(await page.getByTestId('new_password_confirmation-error').textContent()).toBe(
        expected.new_password_confirmation[0],
      );
      // Too short too: the message of the shared `min` rule.
      await fillPasswords(page, PASSWORD, 'short', 'short');
      const short = parseBody(passwordChangeSchema, {
        current_password: PASSWORD,
        new_password: 'short',
        new_password_confirmation: 'short',
      });
      expect(await page.getByTestId('new_password-error').textContent()).toBe(
        fieldErrors(short.success ? [] : short.issues, t).new_password[0],
      );
      expect(passwordCalls).toEqual([]);

      // A wrong current password is known only to the server: its words under that field, in Ukrainian.
      await fillPasswords(page, 'not-my-password', newPassword, newPassword);
      expect(await page.getByTestId('current_password-error').textContent()).toBe(
        uk.errors.password_current_wrong,
      );
      expect(await page.getByTestId('new_password_confirmation-error').count()).toBe(0);
      expect(passwordCalls).toHaveLength(1);
      const sent = new URLSearchParams(passwordCalls[0]);
      expect(sent.get('_method')).toBe('patch');
      expect(sent.get('current_password')).toBe('not-my-password');
      await screenshot(page, 'desktop-settings-error-uk');

      // Success: the toast for 10 seconds, the form cleared.
      await fillPasswords(page, PASSWORD, newPassword, newPassword);
      expect(await toastText(page, 'success')).toEqual({ title: '', message: uk.auth.passwordChanged });
      await page.getByTestId('current_password-error').waitFor({ state: 'detached' });
      for (const name of ['current_password', 'new_password', 'new_password_confirmation']) {
        expect(await page.locator(`input[name=${name}]`).inputValue()).toBe('');
      }
      await screenshot(page, 'desktop-settings-success-uk');
      await page.clock.runFor(7_000);
      expect(await page.getByTestId('toast-success').count()).toBe(1);
      await page.clock.runFor(3_500);
      await page.getByTestId('toast-success').waitFor({ state: 'detached' });

      // The new password signs in; the old one no longer does.
      const api = suite.server.client();
      expect((await api.post('/login', { email: 'teacher@example.com', password: PASSWORD })).status).toBe(
        422,
      );
      await page.getByTestId('user-dropdown').click();
      await page.getByTestId('logout').click();
      await page.waitForURL('**/staff/login');
      await page.locator('input[name="email"]').fill('teacher@example.com');
      await page.locator('input[name="password"]').fill(newPassword);
      await page.getByTestId('login-submit').click();
      await page.getByTestId('home-calendar').waitFor();
    } finally {
      await context.close();
      // Back to the demo password for the other tests of this file (its own database).
      await restorePassword(suite.server, 'teacher@example.com', newPassword, PASSWORD);
    }
  });
});

describe('staff settings: language and bots', () => {
  it("switches the language like the navbar does; the bot buttons copy the link with the spec's toast in uk and ru", async () => {
    const { context, page } = await suite.staffPage();
    try {
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: suite.server.url });
      await signIn(page, 'teacher@example.com');
      await page.goto('/staff/settings?telegram_connected=1');
      await page.getByTestId('settings-page').waitFor();
      // The way back from a bot: the query flag's 10 s success toast.
      expect((await toastText(page, 'success')).message).toBe(
        uk.bots.toasts.connected.replace('{{type}}', 'Telegram'),
      );
      const telegram = page.getByTestId('bot-connect-telegram');
      // The demo teacher's Telegram is connected: green and disabled; Disconnect frees it.
      expect(await telegram.isDisabled()).toBe(true);
      await page.getByTestId('bot-disconnect-telegram').click();
      await page
        .getByTestId('toast-success')
        .getByText(uk.bots.toasts.disconnected.replace('{{type}}', 'Telegram'))
        .waitFor();
      await page.waitForFunction(
        () => !document.querySelector('[data-testid="bot-connect-telegram"]')?.hasAttribute('disabled'),
      );
      expect(await telegram.innerText()).toBe(uk.bots.settings.connectTelegram);
      await telegram.click();
      await page
        .getByTestId('toast-success')
        .getByText(uk.bots.toasts.linkCopied.replace('{{type}}', 'Telegram'))
        .waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(
        /^https:\/\/t\.me\/[A-Za-z0-9_]+\?start=[0-9a-f-]{36}$/,
      );
      expect(await page.getByTestId('settings-language-uk').isChecked()).toBe(true);
      await screenshot(page, 'desktop-settings-uk');

      // A person clicks the language's name (written in that language).
      await page.getByTestId('settings-language').getByText(ru.languages.ru, { exact: true }).click();
      expect(await page.getByTestId('settings-language-ru').isChecked()).toBe(true);
      await page.waitForFunction(() => document.documentElement.lang === 'ru');
      expect(await page.getByTestId('page-title').textContent()).toBe(ru.titles.settings);
      await page.waitForFunction((want) => document.title === want, `${ru.app.name} | ${ru.titles.settings}`);
      expect(await page.getByTestId('language-ru').getAttribute('aria-pressed')).toBe('true');
      expect(await page.evaluate(() => localStorage.getItem('app:language'))).toBe('ru');
      expect(await page.getByTestId('bot-connect-viber').innerText()).toBe(ru.bots.settings.connectViber);
      await page.getByTestId('bot-connect-viber').click();
      await page
        .getByTestId('toast-success')
        .getByText(ru.bots.toasts.linkCopied.replace('{{type}}', 'Viber'))
        .waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(
        /^viber:\/\/pa\?chatURI=.+&text=[0-9a-f-]{36}$/,
      );
      expect(await page.getByTestId('password-submit').innerText()).toBe(ru.auth.change.submit);
      await screenshot(page, 'desktop-settings-ru');

      // And the navbar switch moves the radio back.
      await page.getByTestId('language-uk').click();
      await page.waitForFunction(() => document.documentElement.lang === 'uk');
      expect(await page.getByTestId('settings-language-uk').isChecked()).toBe(true);
      expect(await page.evaluate(() => localStorage.getItem('app:language'))).toBe('uk');
    } finally {
      await context.close();
    }
  });

  it('hides the bots block without `create user messenger_token`', async () => {
    const { context, page } = await suite.staffPage();
    try {
      // The same teacher, with the messenger-token rule taken out of the abilities the server sends.
      await page.route(
        (url) => url.pathname === '/api/user' || url.pathname === '/login',
        async (route) => {
          const response = await route.fetch();
          const body = (await response.json()) as { data?: { abilities?: { fields?: string[] }[] } };
          if (body.data?.abilities) {
            body.data.abilities = body.data.abilities.filter(
              (rule) => !rule.fields?.includes('messenger_token'),
            );
          }
          await route.fulfill({ response, json: body });
        },
      );
      await signIn(page, 'teacher@example.com');
      await page.goto('/staff/settings');
      await page.getByTestId('password-form').waitFor();
      expect(await page.getByTestId('settings-language').count()).toBe(1);
      expect(await page.getByTestId('settings-messengers').count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});

describe('staff settings: feature flags (spec part 1 §4)', () => {
  it('lets the Administrator switch the recordings upload service on and off; a Manager sees no switches', async () => {
    const { context, page } = await suite.staffPage();
    const knex = suite.server.knex;
    const uploader = async () =>
      (await knex('feature_flags').where('name', 'recordings_uploader_enabled').first('enabled'))
        .enabled as boolean;
    try {
      await signIn(page, 'admin@example.com');
      await page.goto('/staff/settings');
      const section = page.getByTestId('settings-feature-flags');
      await section.getByText(uk.featureFlags.names.recordings_uploader_enabled, { exact: true }).waitFor();
      const toggle = page.getByTestId('feature-flag-recordings_uploader_enabled');
      expect(await toggle.isChecked()).toBe(false);
      // A person clicks the switch's label.
      await section.getByText(uk.featureFlags.names.recordings_uploader_enabled, { exact: true }).click();
      const savedOn = uk.featureFlags.saved
        .replace('{{name}}', uk.featureFlags.names.recordings_uploader_enabled)
        .replace('{{state}}', uk.featureFlags.on);
      await page.getByTestId('toast-success').getByText(savedOn).waitFor();
      expect(await uploader()).toBe(true);
      expect(await toggle.isChecked()).toBe(true);
      await screenshot(page, 'desktop-settings-flags-uk');

      await page.getByTestId('language-ru').click();
      await section.getByText(ru.featureFlags.names.recordings_uploader_enabled, { exact: true }).click();
      const savedOff = ru.featureFlags.saved
        .replace('{{name}}', ru.featureFlags.names.recordings_uploader_enabled)
        .replace('{{state}}', ru.featureFlags.off);
      await page.getByTestId('toast-success').getByText(savedOff).waitFor();
      expect(await uploader()).toBe(false);
      expect(await toggle.isChecked()).toBe(false);
      await section.getByText(ru.featureFlags.hint).waitFor();
      await screenshot(page, 'desktop-settings-flags-ru');
      await page.getByTestId('language-uk').click();
    } finally {
      await context.close();
    }
    const manager = await suite.staffPage();
    try {
      await signIn(manager.page, 'manager@example.com');
      await manager.page.goto('/staff/settings');
      await manager.page.getByTestId('password-form').waitFor();
      expect(await manager.page.getByTestId('settings-feature-flags').count()).toBe(0);
    } finally {
      await manager.context.close();
    }
  });
});

describe('staff settings: contract templates’ own .docx (issue 29 point 3)', () => {
  it('lets a Manager upload a form for a template, refuses one with an unknown field, and removes it', async () => {
    const { context, page } = await suite.staffPage();
    const knex = suite.server.knex;
    const template = (await knex('contract_templates').orderBy('id').first('id', 'name')) as {
      id: number;
      name: string;
    };
    try {
      await signIn(page, 'manager@example.com');
      await page.goto('/staff/settings');
      const row = page.getByTestId(`contract-template-${template.id}`);
      await row.getByText(uk.featureFlags.templates.none).waitFor();
      await row.getByTestId('contract-template-file').setInputFiles({
        name: 'бланк.docx',
        mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        buffer: await contractFormDocx(['Договір № {number} від {date}']),
      });
      const saved = uk.featureFlags.templates.uploaded
        .replace('{{name}}', 'бланк.docx')
        .replace('{{template}}', template.name);
      await page.getByTestId('toast-success').getByText(saved).waitFor();
      expect(await row.getByTestId('contract-template-docx').innerText()).toBe('бланк.docx');
      expect((await knex('contract_templates').where('id', template.id).first('docx_name')).docx_name).toBe(
        'бланк.docx',
      );
      await row.getByTestId('contract-template-upload').waitFor();
      expect(await row.getByTestId('contract-template-upload').innerText()).toBe(
        uk.featureFlags.templates.replace,
      );
      await screenshot(page, 'desktop-settings-templates-uk');

      await page.getByTestId('language-ru').click();
      // Russian arrives with its own chunk: the upload goes out once the page speaks it (the
      // request's Accept-Language follows the page), else the refusal would come back in Ukrainian.
      await page
        .getByTestId('settings-contract-templates')
        .getByText(ru.featureFlags.templates.placeholders)
        .waitFor();
      await row.getByTestId('contract-template-file').setInputFiles({
        name: 'ошибка.docx',
        mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        buffer: await contractFormDocx(['Договор № {nomer}']),
      });
      await page
        .getByTestId('toast-danger')
        .getByText(ru.documents.template_unknown_placeholders.replace('{{names}}', '{nomer}'))
        .waitFor();
      expect((await knex('contract_templates').where('id', template.id).first('docx_name')).docx_name).toBe(
        'бланк.docx',
      );
      await page
        .getByTestId('settings-contract-templates')
        .getByText(ru.featureFlags.templates.placeholders)
        .click();
      await screenshot(page, 'desktop-settings-templates-ru');
      await row.getByTestId('contract-template-remove').click();
      await page
        .getByTestId('toast-success')
        .getByText(ru.featureFlags.templates.removed.replace('{{template}}', template.name))
        .waitFor();
      await row.getByText(ru.featureFlags.templates.none).waitFor();
      expect(
        (await knex('contract_templates').where('id', template.id).first('docx_file')).docx_file,
      ).toBeNull();
      await page.getByTestId('language-uk').click();
    } finally {
      await context.close();
    }
  });
});

describe('teacher profile (/profile)', () => {
  it('shows the demo teacher’s own data from the database, read-only, in uk and ru', async () => {
    const knex = suite.server.knex;
    const id = suite.teacherId;
    const user = await knex('users').where({ id }).first('birthdate');
    const teacher = await knex('teachers as t')
      .leftJoin('users as m', 'm.id', 't.manager_id')
      .where('t.user_id', id)
      .first('t.id', 't.sex', 'm.full_name as manager');
    const pluck = async (table: string, column: string, key: string, value: number, join: [string, string]) =>
      (
        await knex(`${table} as p`)
          .join(`${join[0]} as x`, 'x.id', `p.${join[1]}`)
          .where(`p.${key}`, value)
          .orderBy(`x.${column === 'name' ? 'id' : column}`)
          .select(`x.${column} as v`)
      ).map((row: { v: string | number }) => row.v);
    const languages = await pluck('language_user', 'code', 'user_id', id, ['languages', 'language_id']);
    const classes = await pluck('classification_user', 'number', 'user_id', id, [
      'classifications',
      'classification_id',
    ]);
    const formats = await pluck('teacher_teaching_format', 'name', 'teacher_id', teacher.id, [
      'teaching_formats',
      'teaching_format_id',
    ]);
    const styles = await pluck('teacher_teaching_style', 'name', 'teacher_id', teacher.id, [
      'teaching_styles',
      'teaching_style_id',
    ]);
    const types = await pluck('teacher_study_type', 'name', 'teacher_id', teacher.id, [
      'study_types',
      'study_type_id',
    ]);
    const programs = await pluck('teacher_teaching_program', 'name', 'teacher_id', teacher.id, [
      'teaching_programs',
      'teaching_program_id',
    ]);
    const notes = (await knex('notes').where({ user_id: id }).orderBy('created_at', 'desc').select('content'))
      .map((row: { content: string | null }) => row.content?.trim() ?? '')
      .filter(Boolean)
      .join('\n\n');
    const pad = (n: number) => String(n).padStart(2, '0');
    const birth: unknown = user.birthdate;
    const [year, month, day] =
      birth instanceof Date
        ? [birth.getFullYear(), pad(birth.getMonth() + 1), pad(birth.getDate())]
        : String(birth).slice(0, 10).split('-');
    const birthdate = `${day}.${month}.${year}`;
    // The demo data fills every row, so N/A would be a bug here.
    for (const list of [languages, classes, formats, styles, types, programs])
      expect(list.length).toBeGreaterThan(0);

    const { context, page } = await suite.staffPage();
    try {
      await signIn(page, 'teacher@example.com');
      await openFromUserMenu(page, uk.titles.profile, '/profile');
      await page.getByTestId('profile-details').waitFor();
      const text = (name: string) => page.getByTestId(`profile-${name}`).innerText();
      expect(await text('manager')).toBe(teacher.manager);
      const sexKey = teacher.sex === 1 ? 'male' : teacher.sex === 2 ? 'female' : 'unknown';
      expect(await text('sex')).toBe(uk.ui.profile.sexes[sexKey]);
      expect(await text('birthdate')).toBe(birthdate);
      expect(await text('languages')).toBe(languages.join(', '));
      expect(await text('classes')).toBe(classes.join(' '));
      expect(await text('teachingFormats')).toBe(formats.join(', '));
      expect(await text('teachingStyles')).toBe(styles.join(', '));
      expect(await text('studyTypes')).toBe(types.join(', '));
      expect(await text('programs')).toBe(programs.join(', '));
      const notesArea = page.getByTestId('profile-notes');
      expect(await notesArea.inputValue()).toBe(notes);
      expect(await notesArea.isDisabled()).toBe(true);
      expect(await page.getByText(uk.ui.profile.teachingStyles, { exact: true }).count()).toBe(1);
      await screenshot(page, 'desktop-profile-uk');

      await page.getByTestId('language-ru').click();
      await page.waitForFunction(() => document.documentElement.lang === 'ru');
      expect(await text('sex')).toBe(ru.ui.profile.sexes[sexKey]);
      expect(await page.getByText(ru.ui.profile.teachingStyles, { exact: true }).count()).toBe(1);
      expect(await page.getByTestId('page-title').textContent()).toBe(ru.titles.profile);
      await screenshot(page, 'desktop-profile-ru');
      await page.getByTestId('language-uk').click();
    } finally {
      await context.close();
    }
  });

  it('gives a Manager no Profile link; the address itself says only teachers have a profile', async () => {
    const { context, page } = await suite.staffPage();
    try {
      await signIn(page, 'manager@example.com');
      await page.getByTestId('user-dropdown').click();
      const menu = page.getByTestId('user-menu');
      await menu.waitFor();
      expect(await menu.getByText(uk.titles.settings, { exact: true }).count()).toBe(1);
      expect(await menu.getByText(uk.titles.profile, { exact: true }).count()).toBe(0);
      await page.keyboard.press('Escape');

      await page.goto('/staff/profile');
      await page.getByTestId('profile-not-teacher').waitFor();
      expect(await page.getByTestId('profile-not-teacher').innerText()).toContain(uk.ui.profile.notTeacher);

      // A Manager's settings: the bots block is there (Manager manages everything but role switching).
      await page.goto('/staff/settings');
      await page.getByTestId('settings-messengers').waitFor();
    } finally {
      await context.close();
    }
  });
});
