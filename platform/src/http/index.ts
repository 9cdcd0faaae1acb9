export * from './client-ip';
export * from './http-errors';
export * from './in-process-origin';
export * from './same-origin';
export * from './serve';
export * from './service-app';
export * from './sql-rate-limit-store';
export * from './validate';
