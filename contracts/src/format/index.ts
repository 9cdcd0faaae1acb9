export * from './combining-marks';
export * from './date-time';
export * from './duration';
export * from './ip-address';
export * from './phone';
export * from './text';
