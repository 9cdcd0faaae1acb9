export * from './capturing-logger';
export * from './environment';
export * from './eventually';
export * from './instances';
export * from './racing-store';
export * from './service-under-test';
export * from './sql';
export * from './targets';
