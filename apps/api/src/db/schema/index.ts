export * from './users';
export * from './auth';
export * from './markets';
export * from './notifications';
export * from './customers';
export * from './reports';
export * from './schedule';
export * from './idempotency';
