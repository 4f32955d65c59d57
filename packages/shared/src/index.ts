export * from './auth/roles';
export * from './auth/navigation';
export * from './auth/auth.schema';
export * from './http/api.schema';
export * from './notifications/notification.schema';
export * from './customers/customer.constants';
export * from './markets/market.schema';
