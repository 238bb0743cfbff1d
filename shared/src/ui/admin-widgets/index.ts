export * from './date-time-value';
export * from './money-value';
export * from './multiselect-search';
export * from './phone-value';
