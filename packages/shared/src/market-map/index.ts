export * from './market-map.schema';
export * from './route-order';
