import { describe, expect, it } from 'vitest';
import { ru } from '../i18n/locales/ru';
import { uk } from '../i18n/locales/uk';
import { createClientI18n, type ClientLocales } from './i18n-setup';

const locales: ClientLocales = {
  uk,
  lazy: {
    ru: () => import('../i18n/locales/ru').then((m) => m.ru),
    en: () => import('../i18n/locales/en').then((m) => m.en),
  },
};

describe('createClientI18n', () => {
  it('starts with Ukrainian only and loads another language on the first switch, without a reload', async () => {
    const i18n = await createClientI18n('uk', locales);
    expect(i18n.t('auth.login.submit')).toBe(uk.auth.login.submit);
    expect(i18n.hasResourceBundle('ru', 'translation')).toBe(false);

    await i18n.changeLanguage('ru');
    expect(i18n.language).toBe('ru');
    expect(i18n.t('auth.login.submit')).toBe(ru.auth.login.submit);
    await i18n.changeLanguage('uk');
    expect(i18n.t('auth.login.submit')).toBe(uk.auth.login.submit);
  });

  it('loads a stored language before answering', async () => {
    const i18n = await createClientI18n('ru', locales);
    expect(i18n.t('titles.login')).toBe(ru.titles.login);
  });

  it('an unknown language falls back to Ukrainian', async () => {
    const i18n = await createClientI18n('de', locales);
    expect(i18n.t('titles.login')).toBe(uk.titles.login);
  });
});
