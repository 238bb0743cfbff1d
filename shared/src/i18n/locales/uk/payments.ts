/** Online payments of invoices (issue 33): server answers and the bot's message. */
export const payments = {
  errors: {
    invoice_paid: 'Рахунок уже оплачено.',
    invoice_free: 'Рахунок без суми не потребує оплати.',
    provider_not_configured: 'Цей спосіб оплати в школі не підключено.',
    provider_unavailable: 'Платіжний сервіс зараз недоступний. Спробуйте за кілька хвилин.',
  },
  bot: {
    received: 'Оплату отримано: рахунок {{number}}, {{amount}} грн. Дякуємо!',
  },
};
