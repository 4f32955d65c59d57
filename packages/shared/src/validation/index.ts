export * from './rules';
export * from './text-fields';
export * from './number-fields';
