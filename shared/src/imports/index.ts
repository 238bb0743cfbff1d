export * from './import-columns';
export * from './import-values';
export * from './import-api.types';
