export * from './api-client';
export * from './api-error';
export * from './auth-api';
export * from './auth-types';
export * from './error-toast';
export * from './query-string';
export * from './resource-api';
export * from './whole-list';
