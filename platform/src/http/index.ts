export * from './client-ip';
export * from './http-errors';
export * from './serve';
export * from './service-app';
export * from './validate';
