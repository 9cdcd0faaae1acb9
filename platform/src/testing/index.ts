export * from './service-under-test';
export * from './sql';
