import { Button, Radio, RadioGroup, Section, SectionCard } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { MESSENGER_TOKEN_FIELD, asSubject } from '@school/shared/permissions';
import { BOT_TYPES, useAuth, useLanguage, useMessengerBots, usePageTitle } from '@school/shared/ui';
import { useServices } from '../../app/services-context';
import { useAbility } from '../../app/ability-context';
import { ContractTemplatesSection } from './contract-templates-section';
import { FeatureFlagsSection } from './feature-flags-section';
import { PasswordChangeForm } from './password-change-form';
import './settings-page.css';

/**
 * /settings (spec part 2 §2): change password, the interface language, and the Telegram and Viber
 * bot buttons (with `create user messenger_token`): green and disabled once connected; the
 * Administrator also switches the school's feature flags.
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
              data-testid="settings-messengers"
            >
              <SectionCard>
                <MessengerButtons userId={user.id} />
              </SectionCard>
            </Section>
          ) : null}
          {ability.can('update', 'feature_flag') ? <FeatureFlagsSection /> : null}
          {ability.can('update', 'contract_template') ? <ContractTemplatesSection /> : null}
        </div>
      </div>
    </div>
  );
}

/** Connect copies the bot link (the shared hook's toasts); a connected bot's button is green and disabled. */
function MessengerButtons({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const { toasts } = useServices();
  const bots = useMessengerBots(userId, toasts.show);
  return (
    <div className="settings-page__messengers">
      {BOT_TYPES.map((type) => {
        const on = bots.connected?.[type] ?? false;
        const name = type === 'telegram' ? 'Telegram' : 'Viber';
        return (
          <div key={type} className="settings-page__bot" data-testid={`bot-${type}`}>
            <Button
              intent={on ? 'success' : 'primary'}
              icon={on ? 'tick' : 'link'}
              disabled={on || bots.connected === null}
              loading={bots.busy === type}
              text={
                on
                  ? `${name}: ${t('bots.settings.connected')}`
                  : t(type === 'telegram' ? 'bots.settings.connectTelegram' : 'bots.settings.connectViber')
              }
              onClick={() => void bots.connect(type)}
              data-testid={`bot-connect-${type}`}
            />
            {on ? (
              <Button
                minimal
                icon="disable"
                text={t(
                  type === 'telegram' ? 'bots.settings.disconnectTelegram' : 'bots.settings.disconnectViber',
                )}
                onClick={() => void bots.disconnect(type)}
                data-testid={`bot-disconnect-${type}`}
              />
            ) : null}
          </div>
        );
      })}
      <p className="settings-card__hint">{t('bots.settings.linkHint')}</p>
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
