export * from './assessment-derivation';
export * from './consistency';
export * from './profiles';
export * from './questions';
export * from './responses';
export * from './scoring';
