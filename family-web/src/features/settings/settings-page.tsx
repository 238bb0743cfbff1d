import { useTranslation } from 'react-i18next';
import { useLanguage, usePageTitle } from '@school/shared/ui';
import { MessengerButtons } from './messenger-buttons';
import { PasswordChangeForm } from './password-change-form';
import './settings-page.css';

/** The Ukrainian areas this page names, added by its loader (lazy-pages.tsx). */
export { ukFamilySettings as settingsTranslations } from '@school/shared/ui';

/**
 * /settings (spec part 2 §2): password, interface language, and the Telegram and Viber bot buttons
 * (connect copies the bot link; a connected bot's button is green and disabled).
 */
export function SettingsPage() {
  const { t } = useTranslation();
  usePageTitle('titles.settings');
  return (
    <div className="settings" data-testid="settings-page">
      <h1 className="page-title" data-testid="page-title">
        {t('titles.settings')}
      </h1>
      <section className="card" aria-labelledby="settings-language">
        <h2 className="card__title" id="settings-language">
          {t('family.settings.languageTitle')}
        </h2>
        <LanguageChoice />
        <p className="muted small">{t('family.settings.languageHint')}</p>
      </section>
      <section className="card" aria-labelledby="settings-password">
        <h2 className="card__title" id="settings-password">
          {t('family.settings.passwordTitle')}
        </h2>
        <PasswordChangeForm />
      </section>
      <section
        className="card"
        aria-labelledby="settings-messengers"
        data-testid="settings-messengers"
        data-slot="messengers"
      >
        <h2 className="card__title" id="settings-messengers">
          {t('family.settings.messengersTitle')}
        </h2>
        <MessengerButtons />
      </section>
    </div>
  );
}

/** The languages as radio cards: each named in its own language, so anyone finds theirs. */
function LanguageChoice() {
  const { t } = useTranslation();
  const { language, languages, setLanguage } = useLanguage();
  return (
    <div
      className="language-choice"
      role="radiogroup"
      aria-labelledby="settings-language"
      data-testid="settings-language"
    >
      {languages.map((code) => (
        <label key={code} className="language-choice__option" lang={code}>
          <input
            type="radio"
            name="language"
            value={code}
            checked={language === code}
            onChange={() => setLanguage(code)}
            data-testid={`settings-language-${code}`}
          />
          <span>{t(`languages.${code}`, { lng: code })}</span>
        </label>
      ))}
    </div>
  );
}
