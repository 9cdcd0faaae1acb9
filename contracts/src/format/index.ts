export * from './duration';
export * from './ip-address';
export * from './phone';
export * from './text';
