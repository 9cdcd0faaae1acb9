// The one module both sides import: questionnaire domain, formatting, link-token shape,
// user-facing messages, HTTP contracts and integration events. No I/O anywhere below.
export * from './events';
export * from './format';
export * from './households/household-rules';
export * from './http';
export * from './link-token';
export * from './messages';
export * from './pick-fields';
export * from './questionnaire';
export * from './webhooks';
