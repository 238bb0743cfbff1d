import type { Translation } from '../translation.types';

/** Online payments of invoices (issue 33): server answers and the bot's message. */
export const payments: Translation['payments'] = {
  errors: {
    invoice_paid: 'Счёт уже оплачен.',
    invoice_free: 'Счёт без суммы не требует оплаты.',
    provider_not_configured: 'Этот способ оплаты в школе не подключён.',
    provider_unavailable: 'Платёжный сервис сейчас недоступен. Попробуйте через несколько минут.',
  },
  bot: {
    received: 'Оплата получена: счёт {{number}}, {{amount}} грн. Спасибо!',
  },
};
