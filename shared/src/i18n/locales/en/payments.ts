import type { Translation } from '../translation.types';

/** Online payments of invoices (issue 33): server answers and the bot's message. */
export const payments: Translation['payments'] = {
  errors: {
    invoice_paid: 'The invoice is already paid.',
    invoice_free: 'An invoice without an amount needs no payment.',
    provider_not_configured: 'The school has not connected this way of paying.',
    provider_unavailable: 'The payment service is unavailable right now. Try again in a few minutes.',
  },
  bot: {
    received: 'Payment received: invoice {{number}}, UAH {{amount}}. Thank you!',
  },
};
