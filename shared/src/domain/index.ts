export * from './roles';
export * from './vocabularies';
export * from './constants';
export * from './api.types';
export * from './auth-user.types';
export * from './entities.types';
export * from './chat-events';
export * from './family-profile.types';
