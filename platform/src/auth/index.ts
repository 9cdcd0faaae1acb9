export * from './hs256';
export * from './open-sessions';
export * from './require-access';
export * from './session.port';
export * from './session-cookie';
export * from './session-revocations';
export * from './session-tokens';
export * from './session-verifier';
