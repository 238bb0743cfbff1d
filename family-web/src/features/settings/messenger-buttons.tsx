import { useTranslation } from 'react-i18next';
import { BOT_TYPES, useAuth, useMessengerBots } from '@school/shared/ui';
import { useToasts } from '../../app/toasts-context';
import './messenger-buttons.css';

/**
 * The Telegram and Viber bot buttons (spec part 2 §2, §9): connect copies the bot link; a connected
 * bot's button is green and disabled, with Disconnect beside it. On Settings and on the profile.
 */
export function MessengerButtons() {
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
                {on
                  ? `${name}: ${t('bots.settings.connected')}`
                  : t(type === 'telegram' ? 'bots.settings.connectTelegram' : 'bots.settings.connectViber')}
              </button>
              {on ? (
                <button
                  type="button"
                  className="button"
                  onClick={() => void bots.disconnect(type)}
                  data-testid={`bot-disconnect-${type}`}
                >
                  {t(
                    type === 'telegram'
                      ? 'bots.settings.disconnectTelegram'
                      : 'bots.settings.disconnectViber',
                  )}
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
