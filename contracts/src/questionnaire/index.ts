// The questionnaire itself is plain data and pure functions; its zod schemas sit in the
// `*.schema.ts` files, so code that only scores answers (the page) never loads zod.
export * from './assessment-derivation';
export * from './capacity';
export * from './capacity.schema';
export * from './capacity-words';
export * from './consistency';
export * from './consistency.schema';
export * from './consistency-notes';
export * from './percentile-words';
export * from './profiles';
export * from './profiles.schema';
export * from './question-labels';
export * from './question-numbers';
export * from './questions';
export * from './responses';
export * from './responses.schema';
export * from './scoring';
export * from './version-number';
export * from './versions';
export * from './versions.schema';
