import type { Translation } from '../translation.types';

/** Messenger bots: what the bots write and the settings buttons (spec part 2 §2, §7, §8). */
export const bots: Translation['bots'] = {
  messages: {
    connected: 'The bot is connected: school notifications will arrive here.',
  },
  settings: {
    connectTelegram: 'Connect Telegram',
    connectViber: 'Connect Viber',
    disconnectTelegram: 'Disconnect Telegram',
    disconnectViber: 'Disconnect Viber',
    connected: 'Connected',
    linkHint: 'Connect copies the bot link: open it on your phone and the bot connects.',
  },
  toasts: {
    successTitle: 'Success',
    errorTitle: 'Error',
    linkCopied: 'Link for {{type}} copied to buffer',
    linkNotCopied: 'Link for {{type}} was not copied to buffer',
    connected: '{{type}} connected successfully',
    disconnected: '{{type}} disconnected',
  },
};
