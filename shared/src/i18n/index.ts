export * from './languages';
export * from './resources';
export * from './create-i18n';
export * from './i18n-options';
