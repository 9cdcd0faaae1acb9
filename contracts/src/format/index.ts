export * from './duration';
export * from './phone';
