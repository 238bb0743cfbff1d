import { Icon, Radio, RadioGroup, Section, SectionCard, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { MESSENGER_TOKEN_FIELD, asSubject } from '@school/shared/permissions';
import { useAuth, useLanguage, usePageTitle } from '@school/shared/ui';
import { useAbility } from '../../app/ability-context';
import { PasswordChangeForm } from './password-change-form';
import './settings-page.css';

/**
 * /settings (spec part 2 §2): change password, the interface language, and the place of the
 * Telegram and Viber bots (with `create user messenger_token`), which come with the bots later.
 */
export function SettingsPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const ability = useAbility();
  usePageTitle('titles.settings');
  const canConnectBots =
    user !== null && ability.can('create', asSubject('user', { id: user.id }), MESSENGER_TOKEN_FIELD);

  return (
    <div className="page settings-page" data-testid="settings-page">
      <h1 className="page__title" data-testid="page-title">
        {t('titles.settings')}
      </h1>
      <div className="settings-page__grid">
        <Section title={t('ui.settings.passwordTitle')} icon="key" className="settings-page__password">
          <SectionCard>
            <PasswordChangeForm />
          </SectionCard>
        </Section>
        <div className="settings-page__side">
          <Section title={t('ui.settings.languageTitle')} icon="translate">
            <SectionCard>
              <LanguageChoice />
            </SectionCard>
          </Section>
          {canConnectBots ? (
            <Section
              title={t('ui.settings.messengersTitle')}
              icon="notifications"
              rightElement={
                <Tag minimal round intent="primary">
                  {t('ui.settings.comingLater')}
                </Tag>
              }
              data-testid="settings-messengers"
            >
              <SectionCard>
                <div className="settings-page__messengers">
                  <Icon icon="chat" size={24} className="settings-page__messengers-icon" />
                  <p>{t('ui.settings.messengersText')}</p>
                </div>
              </SectionCard>
            </Section>
          ) : null}
        </div>
      </div>
    </div>
  );
}

/** uk / ru as radios, each named in its own language; the same switch as the navbar's. */
function LanguageChoice() {
  const { t } = useTranslation();
  const { language, languages, setLanguage } = useLanguage();
  return (
    <>
      <RadioGroup
        name="settings-language"
        selectedValue={language}
        onChange={(event) => setLanguage(event.currentTarget.value)}
        data-testid="settings-language"
      >
        {languages.map((code) => (
          <Radio
            key={code}
            value={code}
            lang={code}
            labelElement={t(`languages.${code}`, { lng: code })}
            data-testid={`settings-language-${code}`}
          />
        ))}
      </RadioGroup>
      <p className="settings-card__hint">{t('ui.settings.languageHint')}</p>
    </>
  );
}
