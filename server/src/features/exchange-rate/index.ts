// The public face of features/exchange-rate: what other features and the composition root may use.
// Everything else in the folder is private (lint: school/no-deep-feature-import).

export { createExchangeRateModule } from './exchange-rate.module.js';
export type { ExchangeRateService } from './exchange-rate.service.js';
