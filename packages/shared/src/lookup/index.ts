export * from './lookup.constants';
export * from './lookup.schema';
export * from './saved-search.schema';
