export * from './admin-table-view';
export * from './use-admin-table';
export * from './use-debounced-callback';
