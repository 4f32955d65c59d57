export * from './calendar-date';
export * from './mow-year';
export * from './holidays';
export * from './write-in';
export * from './schedule.schema';
