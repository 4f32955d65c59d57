export * from './dashboard.rules';
export * from './dashboard.schema';
