export * from './duration';
export * from './phone';
export * from './text';
