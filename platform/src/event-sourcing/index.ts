export * from './command-handler';
