export * from './domain';
export * from './permissions';
export * from './validation';
export * from './i18n';
export * from './rules';
