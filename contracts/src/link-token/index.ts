export * from './link-token';
