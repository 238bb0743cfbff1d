import { describe, expect, it } from 'vitest';
import { createI18n, defaultLanguage, i18nFor, pickLanguage, resources, supportedLanguages } from './index';

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of leaves(value, path)) out.set(k, v);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

const byLanguage = Object.fromEntries(
  supportedLanguages.map((lang) => [lang, leaves(resources[lang].translation as unknown as Tree)]),
);

describe('resources', () => {
  it('uk, ru and en have exactly the same keys', () => {
    const uk = [...byLanguage.uk!.keys()].sort();
    expect([...byLanguage.ru!.keys()].sort()).toEqual(uk);
    expect([...byLanguage.en!.keys()].sort()).toEqual(uk);
  });

  it('every translation uses the same placeholders in every language', () => {
    for (const [key, text] of byLanguage.uk!) {
      for (const lang of ['ru', 'en']) {
        expect(placeholders(byLanguage[lang]!.get(key)!), `${lang} ${key}`).toEqual(placeholders(text));
      }
    }
  });

  it('no translation is empty', () => {
    for (const lang of supportedLanguages) {
      for (const [key, text] of byLanguage[lang]!) expect(text.trim(), `${lang} ${key}`).not.toBe('');
    }
  });

  it('has every Laravel rule the clients and server use', () => {
    const rules = [
      'required',
      'email',
      'double',
      'numeric',
      'min.string',
      'min.numeric',
      'min.file',
      'min.array',
      'min_value',
      'max.string',
      'max.numeric',
      'max.file',
      'max.array',
      'max_value',
      'digits',
      'confirmed',
      'regex',
      'size.string',
      'between.numeric',
      'between.string',
      'alpha',
      'date',
      'date_format',
      'in',
      'integer',
      'string',
      'boolean',
      'unique',
      'exists',
      'after',
      'after_or_equal',
      'array',
      'invalid',
    ];
    for (const rule of rules) {
      expect(byLanguage.uk!.get(`validations.${rule}`), rule).toContain('{{attribute}}');
    }
  });

  it('has the keys the spec names', () => {
    const keys = [
      'errors.unauthenticated',
      'errors.forbidden',
      'errors.not_found',
      'errors.csrf',
      'errors.payload_too_large',
      'errors.bad_request',
      'errors.throttled',
      'errors.conflict',
      'errors.server_error',
      'errors.invalid_json',
      'errors.credentials',
      'errors.reset_token_invalid',
      'errors.password_current_wrong',
      'errors.user_protected',
      'errors.delete_restricted',
      'errorUnknown.toastTitle',
      'errorUnknown.toastMessage',
      'auth.resetLinkSent',
      'auth.passwordChanged',
      'app.name',
      'calendar.selectUser',
      'recordings.file_duplicate',
      'recordings.file_too_large',
      'recordings.file_must_be_video',
      'recordings.file_not_selected',
      'recordings.saved',
      'missStatus.0',
      'missStatus.1',
      'missStatus.2',
      'transfer.too_late',
      'notify.success.toastTitle',
      'notify.success.toastMessage',
      'notify.failed',
      'roles.1',
      'roles.8',
      ...[
        'login',
        'forgotPassword',
        'resetPassword',
        'users',
        'contracts',
        'subscriptions',
        'invoices',
        'studies',
        'schedules',
        'studyReports',
        'analytics',
        'teachers',
        'profile',
        'settings',
      ].map((t) => `titles.${t}`),
      ...[
        'save',
        'cancel',
        'delete',
        'areYouSure',
        'add',
        'edit',
        'logout',
        'settings',
        'profile',
        'language',
        'today',
        'refresh',
        'hide',
        'unpaid',
        'yes',
        'no',
        'all',
      ].map((w) => `common.${w}`),
    ];
    for (const key of keys) expect(byLanguage.uk!.has(key), key).toBe(true);
    expect(byLanguage.uk!.get('errors.throttled')).toContain('{{seconds}}');
    expect(byLanguage.uk!.get('recordings.file_too_large')).toContain('{{maxSize}}');
  });

  it('keeps the texts the spec quotes in English', () => {
    const en = byLanguage.en!;
    expect(en.get('calendar.selectUser')).toBe(
      'Select user from the dropdown list above to load the schedule.',
    );
    expect(en.get('auth.passwordChanged')).toBe('Password successfully changed');
    expect(en.get('transfer.too_late')).toBe(
      'Study can be transferred only no less than one day before the start.',
    );
  });
});

describe('pickLanguage', () => {
  it.each([
    [undefined, 'uk'],
    ['', 'uk'],
    ['ru', 'ru'],
    ['en-US,en;q=0.9', 'en'],
    ['de-DE,ru;q=0.8,uk;q=0.9', 'uk'],
    ['de, fr;q=0.5', 'uk'],
    ['ru-RU;q=0.5, en;q=0.5', 'ru'],
    ['en;q=0, ru;q=0.1', 'ru'],
    ['*', 'uk'],
    ['UK-ua', 'uk'],
    ['en;q=abc, ru', 'ru'],
  ])('%j → %s', (header, expected) => {
    expect(pickLanguage(header)).toBe(expected);
  });
});

describe('createI18n', () => {
  it('is ready synchronously and interpolates without HTML escaping', () => {
    const i18n = createI18n('ru');
    expect(i18n.isInitialized).toBe(true);
    expect(i18n.language).toBe('ru');
    expect(i18n.t('validations.required', { attribute: 'e<mail>' })).toBe(
      'Поле «e<mail>» обязательно для заполнения.',
    );
    expect(i18n.t('errors.throttled', { seconds: 30 })).toContain('30');
  });

  it('falls back to Ukrainian for unsupported languages', () => {
    expect(createI18n('de').language).toBe(defaultLanguage);
    expect(createI18n().t('common.yes')).toBe('Так');
  });

  it('instances are independent', () => {
    const a = createI18n('uk');
    const b = createI18n('en');
    expect(a.t('common.save')).toBe('Зберегти');
    expect(b.t('common.save')).toBe('Save');
  });

  it('i18nFor caches one instance per language', () => {
    expect(i18nFor('ru')).toBe(i18nFor('ru'));
    expect(i18nFor('xx')).toBe(i18nFor('uk'));
    expect(i18nFor('en').t('roles.7')).toBe('Methodologist');
  });
});
