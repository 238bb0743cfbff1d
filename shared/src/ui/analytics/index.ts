export * from './analytics-weeks';
export * from './use-analytics';
export * from './use-generator-form';
