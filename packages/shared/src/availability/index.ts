export * from './availability.rules';
export * from './availability.schema';
