// The webhooks' public surface (ADR 0027); the tests import it from here, as the delivery will.
export * from './retry-schedule';
export * from './safe-target';
export * from './signing';
