export * from './command-handler';
export * from './retry-on-conflict';
