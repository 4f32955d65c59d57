export { hasNul, ID_RANGE, unstorableTextMessage, PG_INTEGER_RANGES, VALIDATION_MESSAGES } from './rules';
export * from './text-fields';
export * from './number-fields';
