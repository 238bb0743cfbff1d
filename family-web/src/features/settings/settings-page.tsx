import { useTranslation } from 'react-i18next';
import { BOT_TYPES, useAuth, useLanguage, useMessengerBots, usePageTitle } from '@school/shared/ui';
import { useToasts } from '../../app/toasts-context';
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
      <section className="card" aria-labelledby="settings-messengers" data-testid="settings-messengers" data-slot="messengers">
        <h2 className="card__title" id="settings-messengers">
          {t('family.settings.messengersTitle')}
        </h2>
        <MessengerButtons />
      </section>
    </div>
  );
}

function MessengerButtons() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const toasts = useToasts();
  const bots = useMessengerBots(user?.id ?? null, toasts.show);
  return (
    <>
      <div className="bot-buttons">
        {BOT_TYPES.map((type) => {
          const on = bots.connected?.[type] ?? false;
          const name = type === 'telegram' ? 'Telegram' : 'Viber';
          return (
            <div key={type} className="bot-buttons__row" data-testid={`bot-${type}`}>
              <button
                type="button"
                className={on ? 'button button--primary button--success' : 'button button--primary'}
                disabled={on || bots.connected === null || bots.busy === type}
                onClick={() => void bots.connect(type)}
                data-testid={`bot-connect-${type}`}
              >
                {on ? `${name}: ${t('bots.settings.connected')}` : t(type === 'telegram' ? 'bots.settings.connectTelegram' : 'bots.settings.connectViber')}
              </button>
              {on ? (
                <button type="button" className="button" onClick={() => void bots.disconnect(type)} data-testid={`bot-disconnect-${type}`}>
                  {t(type === 'telegram' ? 'bots.settings.disconnectTelegram' : 'bots.settings.disconnectViber')}
                </button>
              ) : null}
            </div>
          );
        })}
      </div>
      <p className="muted small">{t('bots.settings.linkHint')}</p>
    </>
  );
}

/** The languages as radio cards: each named in its own language, so anyone finds theirs. */
function LanguageChoice() {
  const { t } = useTranslation();
  const { language, languages, setLanguage } = useLanguage();
  return (
    <div className="language-choice" role="radiogroup" aria-labelledby="settings-language" data-testid="settings-language">
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
