/** A study's transfer (spec part 1 §4): the calls and the one headless hook both apps draw. */
export * from './transfer-api';
export * from './use-study-transfer';
export * from './transfer-events';
export * from './transfer-calendar';
