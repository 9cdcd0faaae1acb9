export * from './analyst-worker-bundle';
export * from './test-analyst-authenticator';
