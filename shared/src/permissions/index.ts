export * from './subjects';
export * from './role-abilities';
export * from './ability';
export * from './read-scopes';
export * from './page-access';
export * from './capabilities';
