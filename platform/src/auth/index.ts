export * from './require-access';
export * from './session.port';
